// A schema of another dialect reaches the providers' translators as its draft 2020-12 reading; what
// that reading changed is recorded as translation changes like any other.
import { isFeatureId } from "../../src/schema/features.js";
import { toDraft2020, type DialectChange, type Draft2020Translation } from "../../src/schema/dialects/to-draft2020.js";
import type { DeclaredSchema } from "../../src/schema/types.js";
import type { TranslatorId } from "../profiles/profile-types.js";
import type { TranslationChange } from "./translation-types.js";

export interface DialectReading {
  readonly declared: DeclaredSchema;
  readonly changes: readonly TranslationChange[];
}

/**
 * The declared schema as the translators read it. A schema whose reading differs only by its
 * `$schema` (zod's draft-07 output, which every provider accepts as written) goes as declared.
 */
export function readForTranslation(declared: DeclaredSchema, translator: TranslatorId): DialectReading {
  // Gemini's translator speaks OpenAPI 3.0 itself: an OpenAPI schema reaches it as written.
  if (declared.dialect === "draft2020-12" || (declared.dialect === "openapi-3.0" && translator === "google-openapi")) return { declared, changes: [] };
  const reading = readingOf(declared);
  if (reading.changes.every((change) => change.keyword === "$schema")) return { declared, changes: [] };
  return { declared: { ...declared, schema: reading.schema, dialect: "draft2020-12" }, changes: reading.changes.map(asTranslationChange) };
}

// A schema is checked against every target: its reading is worked out once per schema object, not per pair.
const readings = new WeakMap<object, Map<string, Draft2020Translation>>();

function readingOf(declared: DeclaredSchema): Draft2020Translation {
  if (typeof declared.schema !== "object") return toDraft2020(declared.schema, declared.dialect);
  let byDialect = readings.get(declared.schema);
  if (!byDialect) readings.set(declared.schema, (byDialect = new Map()));
  let reading = byDialect.get(declared.dialect);
  if (!reading) byDialect.set(declared.dialect, (reading = toDraft2020(declared.schema, declared.dialect)));
  return reading;
}

function asTranslationChange(change: DialectChange): TranslationChange {
  return {
    path: change.path,
    keyword: change.keyword,
    kind: change.kind === "dropped" ? "removed" : "rewritten",
    reason: `dialect: ${change.detail}`,
    // The source dialect never enforced what it drops, and renames keep the rule: nothing is lost.
    lossy: false,
    feature: isFeatureId(change.keyword) ? change.keyword : "keyword:other",
  };
}
