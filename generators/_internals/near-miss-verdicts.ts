// What the spec says about a mutated value at one site, when the generator can know: any certain
// facet that rejects it makes the instance invalid; "valid" needs every facet certain, nothing
// around looking at the whole instance, and no keyword at the site the generator cannot judge.
import { canonicalJson } from "./canonical-json.js";
import { isExactMultiple } from "./decimal.js";
import type { Facet, InstanceSite } from "./instance-sites.js";
import { codePointLength, patternRegExp } from "./string-schema-to-arbitrary.js";

export type Verdict = boolean | null;
type FacetVerdict = "accepts" | "rejects" | "unknown";

/** Keywords that can reject a scalar for reasons the local checks below do not look at. */
const UNJUDGED_FOR_SCALARS = ["enum", "const", "not", "if", "anyOf", "oneOf", "format", "$dynamicRef", "$recursiveRef"];

export function combineVerdicts(site: InstanceSite, judge: (facet: Facet) => FacetVerdict): Verdict {
  let certainAll = site.transparent;
  for (const facet of site.facets) {
    const verdict = judge(facet);
    if (verdict === "rejects" && facet.certain) return false;
    if (verdict !== "accepts" || !facet.certain) certainAll = false;
  }
  return certainAll ? true : null;
}

export function typesOfFacet(facet: Facet): string[] | undefined {
  const type = facet.schema.type;
  return typeof type === "string" ? [type] : Array.isArray(type) ? (type as string[]) : undefined;
}

/** Types every certain facet allows (intersection), or undefined when none declares a type. */
export function certainTypes(site: InstanceSite): string[] | undefined {
  let types: string[] | undefined;
  for (const facet of site.facets) {
    const declared = facet.certain ? typesOfFacet(facet) : undefined;
    if (declared) types = types ? types.filter((t) => declared.includes(t) || (t === "integer" && declared.includes("number"))) : declared;
  }
  return types;
}

export function anyDeclaredTypes(site: InstanceSite): string[] | undefined {
  const declared = site.facets.map(typesOfFacet).filter((t): t is string[] => t !== undefined);
  return declared.length > 0 ? [...new Set(declared.flat())] : undefined;
}

export function allowsType(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === "integer" && types.includes("number")) || (type === "number" && types.includes("integer"));
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeVerdict(facet: Facet, value: unknown): FacetVerdict {
  const types = typesOfFacet(facet);
  if (!types) return "accepts";
  const actual = jsonTypeOf(value);
  return types.includes(actual) || (actual === "integer" && types.includes("number")) ? "accepts" : "rejects";
}

function numberKeywordsVerdict(facet: Facet, value: number): FacetVerdict {
  const s = facet.schema;
  const num = (keyword: string) => (typeof s[keyword] === "number" ? (s[keyword] as number) : undefined);
  const fails =
    (num("minimum") !== undefined && value < num("minimum")!) ||
    (num("maximum") !== undefined && value > num("maximum")!) ||
    (num("exclusiveMinimum") !== undefined && value <= num("exclusiveMinimum")!) ||
    (num("exclusiveMaximum") !== undefined && value >= num("exclusiveMaximum")!) ||
    (num("multipleOf") !== undefined && !isExactMultiple(value, num("multipleOf")!));
  if (fails) return "rejects";
  return UNJUDGED_FOR_SCALARS.some((keyword) => keyword in s) ? "unknown" : "accepts";
}

export function numberVerdict(site: InstanceSite, value: number): Verdict {
  return combineVerdicts(site, (facet) => (typeVerdict(facet, value) === "rejects" ? "rejects" : numberKeywordsVerdict(facet, value)));
}

function stringKeywordsVerdict(facet: Facet, text: string): FacetVerdict {
  const s = facet.schema;
  // Measured only when a length keyword asks (most string facets have none).
  if (typeof s.minLength === "number" || typeof s.maxLength === "number") {
    const length = codePointLength(text);
    if (typeof s.minLength === "number" && length < s.minLength) return "rejects";
    if (typeof s.maxLength === "number" && length > s.maxLength) return "rejects";
  }
  if (typeof s.pattern === "string" && !patternRegExp(s.pattern).test(text)) return "rejects";
  return UNJUDGED_FOR_SCALARS.some((keyword) => keyword in s) ? "unknown" : "accepts";
}

export function stringVerdict(site: InstanceSite, text: string): Verdict {
  return combineVerdicts(site, (facet) => (typeVerdict(facet, text) === "rejects" ? "rejects" : stringKeywordsVerdict(facet, text)));
}

/** Certain facets reject when the value is outside their enum/const. */
export function outsideEnum(facet: Facet, value: unknown): boolean {
  const s = facet.schema;
  const key = canonicalJson(value);
  if ("const" in s) return canonicalJson(s.const) !== key;
  return Array.isArray(s.enum) && !s.enum.some((candidate) => canonicalJson(candidate) === key);
}

/** false when some certain facet rejects, null when only uncertain ones do, undefined when none does. */
export function rejectionVerdict(site: InstanceSite, rejects: (facet: Facet) => boolean): false | null | undefined {
  let uncertain = false;
  for (const facet of site.facets) {
    if (!rejects(facet)) continue;
    if (facet.certain) return false;
    uncertain = true;
  }
  return uncertain ? null : undefined;
}
