// Documented size limits, counted as the provider counts them: OpenAI per schema; Anthropic per request,
// summed over every strict tool of the request (for a catalog, all its tools) and the output schema.
import type { LimitName, ModeProfile } from "../../providers/profiles/profile-types.js";
import { reasonWithoutProviderText, renderProviderError } from "../../providers/translation/render-provider-error.js";
import type { RejectedEntry } from "./classify-native-features.js";
import type { LimitMeasures } from "./measure-request.js";

interface LimitRule {
  readonly limit: LimitName;
  readonly measure: keyof LimitMeasures;
  /** The taxonomy's `limit:*` id for what the rule counts. */
  readonly feature: string;
  readonly what: string;
  /** Counts tools: only ever per request. */
  readonly perRequest?: boolean;
}

const LIMIT_RULES: readonly LimitRule[] = [
  { limit: "maxProperties", measure: "propertyCount", feature: "limit:property-count", what: "object properties" },
  { limit: "maxNestingDepth", measure: "nestingDepth", feature: "limit:nesting-depth", what: "levels of object nesting" },
  { limit: "maxEnumValues", measure: "enumValueCount", feature: "limit:enum-size", what: "enum values" },
  { limit: "maxEnumTotalLength", measure: "enumTotalLength", feature: "limit:enum-size", what: "characters of enum values" },
  { limit: "maxLargeEnumStringLength", measure: "largeEnumStringLength", feature: "limit:enum-size", what: "characters in one string enum of more than 250 values" },
  { limit: "maxTotalStringLength", measure: "totalStringLength", feature: "limit:total-string-length", what: "characters of property names, definition names, enum and const values" },
  { limit: "maxOptionalParameters", measure: "optionalCount", feature: "limit:optional-count", what: "optional parameters" },
  { limit: "maxUnionParameters", measure: "unionCount", feature: "limit:union-count", what: "parameters with union types" },
  { limit: "maxStrictTools", measure: "schemas", feature: "limit:tool-count", what: "strict tools", perRequest: true },
  { limit: "maxTools", measure: "schemas", feature: "limit:tool-count", what: "tools", perRequest: true },
];

export interface LimitScope {
  readonly kind: "schema" | "request";
  /** How the request was formed, for the message: `the 5 tools of suites/catalogs/fitness.json`. */
  readonly describe: string;
  readonly name: string;
}

/** The limits this scope checks: per-schema ones for a schema, per-request ones (and all, for request-scope modes) for a request. */
function rulesFor(mode: ModeProfile, scope: LimitScope["kind"]): LimitRule[] {
  if (scope === "schema") return mode.limitScope === "schema" ? LIMIT_RULES.filter((rule) => !rule.perRequest) : [];
  return mode.limitScope === "request" ? [...LIMIT_RULES] : LIMIT_RULES.filter((rule) => rule.perRequest);
}

export function checkLimits(measures: LimitMeasures, mode: ModeProfile, scope: LimitScope): RejectedEntry[] {
  const rejected: RejectedEntry[] = [];
  for (const rule of rulesFor(mode, scope.kind)) {
    const limit = mode.limits[rule.limit];
    const count = measures[rule.measure];
    if (limit === undefined || count <= limit) continue;
    const explanation = `${count} ${rule.what} in ${scope.describe}, over the documented limit of ${limit} (${mode.limitSource.source})`;
    const template = mode.limitErrors?.[rule.limit];
    const error = template
      ? `${renderProviderError(template, { name: scope.name, limit, count })} [schemalab: ${explanation}]`
      : reasonWithoutProviderText(explanation);
    rejected.push({ feature: rule.feature, path: "", error });
  }
  return rejected;
}
