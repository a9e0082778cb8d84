// Which near-miss families target each taxonomy feature: the coverage table of the fuzz section, the
// report and the README. A feature no value can break says why, explicitly ("n/a" with a reason).
import { FEATURES } from "../src/schema/features.js";
import { NEAR_MISS_FAMILY_INFO } from "./_internals/near-miss-family-info.js";

export interface FeatureCoverage {
  readonly feature: string;
  readonly families: readonly string[];
  /** Set when no family can target the feature, and why. */
  readonly reason?: string;
}

const LIMIT_REASON = "a limit on the schema's size, not a rule on values: `check` measures it, no value can break it";
const ANNOTATION_REASON = "an annotation: it constrains no value under draft 2020-12";

const NOT_APPLICABLE: Readonly<Record<string, string>> = {
  "type:any": "accepts every value: nothing to break (the keywords beside it are targeted by their own families)",
  "order:properties": "JSON Schema does not constrain property order, so no value breaks it for a validator (probe measures it on providers)",
  "format:other": "an unknown format is an annotation under 2020-12 (format-annotation): no value breaks it",
  "root:non-object": "a shape of the schema, not a rule on values: every family runs on non-object roots as on others",
  "limit:nesting-depth": LIMIT_REASON,
  "limit:property-count": LIMIT_REASON,
  "limit:enum-size": LIMIT_REASON,
  "limit:total-string-length": LIMIT_REASON,
  "limit:optional-count": LIMIT_REASON,
  "limit:union-count": LIMIT_REASON,
  "limit:tool-count": LIMIT_REASON,
  description: ANNOTATION_REASON,
  title: ANNOTATION_REASON,
  default: ANNOTATION_REASON,
  examples: ANNOTATION_REASON,
  "keyword:other": ANNOTATION_REASON,
};

export function nearMissCoverage(): FeatureCoverage[] {
  return FEATURES.map(({ id }) => {
    const families = NEAR_MISS_FAMILY_INFO.filter((family) => family.features.includes(id)).map((family) => family.id);
    const reason = NOT_APPLICABLE[id];
    return families.length === 0 && reason ? { feature: id, families, reason } : { feature: id, families };
  });
}
