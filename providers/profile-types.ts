// Public types of provider capability profiles (providers/<id>/profile.json), shared by translation,
// `check`, the emulators and the probe. The JSON Schema for profiles lives beside this file.

export type CapabilityStatus = "enforced" | "ignored" | "rejected" | "altered" | "unknown";

export interface FeatureCell {
  readonly status: CapabilityStatus;
  /** Where the fact comes from (doc URL or providers.md section) and when it was read. */
  readonly source: string;
  readonly date: string;
  readonly note?: string;
  /** The provider's verbatim error text, when the status is `rejected`. */
  readonly error?: string;
}

export interface ModeLimits {
  readonly maxProperties?: number;
  readonly maxNestingDepth?: number;
  readonly maxEnumValues?: number;
  readonly maxEnumTotalLength?: number;
  readonly maxOptionalParameters?: number;
  readonly maxUnionParameters?: number;
  readonly maxStrictTools?: number;
}

export interface ModeRules {
  readonly rootMustBeObject?: boolean;
  readonly allPropertiesRequired?: boolean;
  readonly additionalPropertiesFalseRequired?: boolean;
  /** How `$ref` with sibling keywords is treated. */
  readonly refSiblings?: "allowed" | "ignored" | "rejected";
}

export interface ModeProfile {
  /** Mode id, e.g. `chat.tools.strict`; the target is `<provider>:<mode>`. */
  readonly mode: string;
  readonly description: string;
  readonly features: Readonly<Record<string, FeatureCell>>;
  readonly limits: ModeLimits;
  readonly rules: ModeRules;
  readonly unsupportedKeywordPolicy: "reject" | "ignore";
  /** The fallback ladder rung to use when a schema does not fit this mode natively. */
  readonly fallback: string;
}

export interface ProviderProfile {
  readonly provider: string;
  readonly version: string;
  readonly date: string;
  readonly sources: readonly string[];
  readonly modes: readonly ModeProfile[];
}
