// What every provider translation returns. The shapes match SchemaChange and CheckResult in
// src/report/model.ts structurally (src/check asserts it) so providers never import from a layer above.
import type { DeclaredSchema, FeatureUse, JsonSchema } from "../../src/schema/types.js";
import type { ModeProfile } from "../profiles/profile-types.js";
import type { ModeReads } from "./mode-reads.js";

export interface TranslationChange {
  /** JSON Pointer into the schema being translated (after `$ref` inlining, into the inlined schema). */
  readonly path: string;
  readonly keyword: string;
  readonly kind: "added" | "removed" | "rewritten";
  readonly reason: string;
  /**
   * True when the provider no longer enforces something the declared schema says: the native schema
   * accepts values the declared one rejects, so answers must be validated locally. Narrowing changes
   * (adding `additionalProperties: false`) and lossless rewrites (optional → required + null) are false.
   */
  readonly lossy: boolean;
  /** The taxonomy feature the change is about (`keyword:other` for a keyword outside the taxonomy, named in `keyword`). */
  readonly feature: string;
  /**
   * What the application must then do to each answer for it to meet the declared schema, when the change
   * is not lossy but not free either: `drop-nulls-for-optional-fields` (an absent optional field arrives
   * as null; dropNullsForOptionalFields removes it). Absent: the app has nothing to do for this change.
   */
  readonly obligation?: "drop-nulls-for-optional-fields";
}

export interface TranslationRejection {
  readonly feature: string;
  readonly path: string;
  /** The provider's error text (placeholders filled), or a `schemalab:` reason when none is on record. */
  readonly error: string;
}

export interface Translation {
  /** The schema as the provider receives it; null when the request carries none (a zero-argument Gemini function). */
  readonly native: JsonSchema | null;
  /** The request body fragment that carries it (name, description, strict flags). */
  readonly fragment: Record<string, unknown>;
  readonly changes: readonly TranslationChange[];
  /** What the provider would refuse and translation could not (or, with `unsupported: "reject"`, did not) fix. */
  readonly rejected: readonly TranslationRejection[];
  /**
   * Feature uses the dialect itself introduced on purpose (e.g. Gemini's `format: "enum"`), or decides by
   * rules of its own (Gemini's field list for keywords outside the taxonomy): not held against the profile.
   */
  readonly dialectUses: readonly FeatureUse[];
}

export interface TranslateOptions {
  /**
   * `strip`: rewrite what can be rewritten and remove what the provider refuses, recording each change
   * (the adapter's view). `reject`: send the schema as declared and report what the provider refuses,
   * with its error text (the provider's view).
   */
  readonly unsupported: "reject" | "strip";
  /** Records what the translation reads of the mode, so it can be shared with modes that read alike. */
  readonly reads?: ModeReads;
}

export type Translator = (declared: DeclaredSchema, mode: ModeProfile, options?: TranslateOptions) => Translation;

export const DEFAULT_TRANSLATE_OPTIONS: TranslateOptions = { unsupported: "strip" };
