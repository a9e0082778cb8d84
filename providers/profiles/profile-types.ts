// Public types of provider capability profiles (providers/<id>/profile.json and the sub-profiles
// providers/<id>/<variant>.profile.json), shared by translation, `check`, the emulators and the probe.
// The JSON Schema for profiles is providers/profile.schema.json; every profile validates against it.

/**
 * What the provider does with a feature in one mode, as sent (before any adapter translation):
 * `enforced` accepted and held to; `ignored` accepted, not held to; `rejected` the request is refused;
 * `altered` accepted but the contract changes (e.g. casing, oneOf read as anyOf); `unknown` not confirmed.
 * For annotations (`keyword:other` among them) `enforced` means accepted; for `root:non-object` it means a
 * non-object root works, for `type:any` that a schema without a type is taken (any value allowed);
 * for `limit:*` features the status says what happens beyond the limit.
 */
export type CapabilityStatus = "enforced" | "ignored" | "rejected" | "altered" | "unknown";

/** `documented`: the vendor's docs, specs or SDK source say so; `observed`: a third-party report of a real answer. */
export type Evidence = "documented" | "observed";

/** Where one fact was read, with a short verbatim quote: every cell, limit set and rule set carries one. */
export interface Citation {
  /** An https URL, or a repository path `owner/repo:path[@commit]`; never a local file path. */
  readonly source: string;
  /** A short quote from the source, verbatim (`...` marks an omission). */
  readonly quote: string;
  /** When the source was read (a mirror's snapshot date, or the day it was read). */
  readonly date: string;
  readonly evidence: Evidence;
  readonly note?: string;
}

export interface FeatureCell extends Citation {
  readonly status: CapabilityStatus;
  /** Sources that say otherwise than `source`: the cell is then `unknown` and cites them all. */
  readonly conflicting?: readonly Citation[];
  /**
   * The provider's error text, verbatim, when the status is `rejected` (or `unknown` with an observed
   * rejection). `<...>` marks variable parts: `<name>`, `<context>`, `<key>`, `<kw>`...
   */
  readonly error?: string;
}

export interface ModeLimits {
  /** Object properties in all (OpenAI: "up to 5000 object properties total"). */
  readonly maxProperties?: number;
  readonly maxNestingDepth?: number;
  readonly maxEnumValues?: number;
  /** Total string length of all enum values. */
  readonly maxEnumTotalLength?: number;
  /** For one string enum with more than 250 values: the total length of its values (OpenAI 15,000). */
  readonly maxLargeEnumStringLength?: number;
  /** Property names, definition names, enum and const values together (OpenAI 120,000). */
  readonly maxTotalStringLength?: number;
  readonly maxOptionalParameters?: number;
  readonly maxUnionParameters?: number;
  /** Strict tools in one request (non-strict tools do not count). */
  readonly maxStrictTools?: number;
  /** Tools in one request, strict or not. */
  readonly maxTools?: number;
}

export type LimitName = keyof ModeLimits;

export interface ModeRules {
  /** The root must be `type: "object"`. */
  readonly rootMustBeObject?: boolean;
  /** The root must not use `anyOf` (OpenAI strict; observed on Anthropic tools). */
  readonly rootMustNotUseAnyOf?: boolean;
  readonly allPropertiesRequired?: boolean;
  readonly additionalPropertiesFalseRequired?: boolean;
  /** How `$ref` with sibling keywords is treated (OpenAI refuses even a `description` beside it). */
  readonly refSiblings?: "allowed" | "ignored" | "rejected" | "unknown";
  /** An object schema must carry `properties` (OpenAI: "object schema missing properties"). */
  readonly objectsNeedProperties?: boolean;
  /** An array schema must carry `items`. */
  readonly arraysNeedItems?: boolean;
  /** Every schema needs `type` (or `anyOf`, `$ref`, `enum`, `const`). */
  readonly schemasNeedType?: boolean;
  /** `minItems` above this value is refused (Anthropic strict: "only values 0 and 1 supported"). */
  readonly maxMinItems?: number;
  /**
   * A length or item bound at or above this value is refused: llama.cpp turns it into a grammar repetition
   * `{0,N}` and its grammar parser stops at MAX_REPETITION_THRESHOLD (2000).
   */
  readonly repetitionBoundLimit?: number;
  /** An empty `enum`, `anyOf` or `oneOf` is refused (xAI: HTTP 400). */
  readonly emptyEnumOrAnyOfRejected?: boolean;
  /** A property schema that is a boolean (`true`/`false`) is refused (xAI: HTTP 400). */
  readonly booleanPropertySchemasRejected?: boolean;
  /** `items` in its array (tuple) form is refused (xAI: HTTP 400). */
  readonly arrayFormItemsRejected?: boolean;
  /** `minContains` / `maxContains` are refused, `contains` itself is not (xAI: HTTP 400). */
  readonly containsBoundsRejected?: boolean;
  /** minLength/maxLength beside pattern or format is refused (vLLM + xgrammar would drop the lengths). */
  readonly lengthBesidePatternOrFormatRejected?: boolean;
  /** propertyNames beside properties, patternProperties, a schema additionalProperties or unevaluatedProperties (vLLM + xgrammar). */
  readonly propertyNamesBesideObjectKeywordsRejected?: boolean;
  /** patternProperties beside properties, or with more than one pattern (vLLM + xgrammar). */
  readonly patternPropertiesBesidePropertiesRejected?: boolean;
  /** Every property name must match this regular expression (Gemini function parameters). */
  readonly propertyNamePattern?: string;
}

export type RuleName = keyof ModeRules;

/** Sizes up to which a provider guarantees a bound (xAI); past them it is followed best effort, never refused. */
export interface GuaranteedBounds {
  /** minLength / maxLength. */
  readonly length?: number;
  /** minItems / maxItems. */
  readonly items?: number;
  /** minProperties / maxProperties. */
  readonly properties?: number;
}

/** Source, quote, date and evidence for a mode's limits or rules. */
export type FactSource = Citation;

/** Which translation (providers/<id>/translate-*.ts) turns a declared schema into this mode's schema. */
export type TranslatorId = "openai-strict" | "anthropic-strict" | "google-openapi" | "json-schema-subset";

export type FallbackRungName = "strict-native" | "compatible-fallback-model" | "validate-and-retry" | "human-review" | "no-action";

/** Where the schema travels in the request body (JSON Pointers into `fragment`). */
export interface RequestShape {
  /** The request body fragment around the schema, without it. */
  readonly fragment: Readonly<Record<string, unknown>>;
  readonly schemaAt: string;
  /** Where the tool or response-format name goes. */
  readonly nameAt?: string;
  readonly descriptionAt?: string;
  /** `json-string`: the schema travels as a string of its JSON (Bedrock Converse textFormat); default `json`. */
  readonly schemaEncoding?: "json" | "json-string";
}

export interface ModeProfile {
  /** Mode id, e.g. `chat.tools.strict`; the target is `<provider>:<mode>`. */
  readonly mode: string;
  readonly description: string;
  /** What the mode carries: a tool's arguments or a structured answer. */
  readonly role: "tool-input" | "structured-output";
  /** `constrained`: output is decoded against the schema; `best-effort`: the schema is a hint. */
  readonly enforcement: "constrained" | "best-effort" | "unknown";
  readonly translator: TranslatorId;
  readonly request: RequestShape;
  /** One cell per taxonomy feature id. */
  readonly features: Readonly<Record<string, FeatureCell>>;
  /** Measured keyword pairs on one value (`minLength+pattern`): what the mode does with both together. */
  readonly pairs?: Readonly<Record<string, FeatureCell>>;
  readonly limits: ModeLimits;
  /** `request`: limits are summed over every schema of one request (all strict tools); `schema`: per schema. */
  readonly limitScope: "schema" | "request";
  readonly limitSource: FactSource;
  readonly limitErrors?: Readonly<Partial<Record<LimitName, string>>>;
  /** Bounds held only up to these sizes; past them best effort (providers/translation/guaranteed-bounds.ts). */
  readonly guaranteedBounds?: GuaranteedBounds;
  readonly rules: ModeRules;
  readonly ruleSource: FactSource;
  readonly ruleErrors?: Readonly<Partial<Record<RuleName, string>>>;
  readonly unsupportedKeywordPolicy: "reject" | "ignore" | "unknown";
  /** The fallback ladder rung to use when a schema does not fit this mode natively. */
  readonly fallback: FallbackRungName;
  /** A target that takes what this mode refuses (e.g. the non-strict mode of the same API). */
  readonly fallbackTarget?: string;
}

export interface ProviderProfile {
  /** `openai`, or `<provider>/<variant>` for a sub-profile (`openai-compatible/vllm`). */
  readonly provider: string;
  readonly version: string;
  readonly date: string;
  readonly description?: string;
  readonly sources: readonly string[];
  readonly modes: readonly ModeProfile[];
}

/** A capability matrix measured by the probe: a profile plus when it was measured. */
export interface MeasuredMatrix extends ProviderProfile {
  readonly measuredAt: string;
  readonly model?: string;
}
