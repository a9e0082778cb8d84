// Near-miss defects about values: enum spelling, numeric bounds (±1, ±1 ulp), integers with a
// fraction, float noise on multipleOf, lengths at the limit in astral characters, patterns missing
// their anchors, and strings that almost match a format.
import { formatFeatureId } from "../../src/schema/features.js";
import { isExactMultiple } from "./decimal.js";
import { formatNearMisses } from "./format-near-misses.js";
import type { Facet, InstanceSite } from "./instance-sites.js";
import type { DefectFinder, DefectMaker } from "./near-miss-defect.js";
import { numberVerdict, outsideEnum, stringVerdict, type Verdict } from "./near-miss-verdicts.js";
import { jsonWithWholeFraction, replaceAt } from "./replace-at.js";
import { codePointLength } from "./string-schema-to-arbitrary.js";
import { nextDown, nextUp } from "./ulp.js";

const ASTRAL = "😀";
const enumFacets = (site: InstanceSite) => site.facets.filter((f) => "const" in f.schema || Array.isArray(f.schema.enum));

function enumVariantDefects(site: InstanceSite, instance: unknown, spell: (text: string) => string[], what: string): DefectMaker[] {
  if (!site.present || typeof site.value !== "string") return [];
  const text = site.value;
  const facets = enumFacets(site);
  if (facets.length === 0) return [];
  return [...new Set(spell(text))]
    .filter((variant) => variant !== text)
    .map((variant) => () => {
      const rejecting = facets.filter((facet) => outsideEnum(facet, variant));
      if (rejecting.length === 0) return undefined;
      const expectedValid: Verdict = rejecting.some((facet) => facet.certain) ? false : null;
      const feature = rejecting.some((facet) => "const" in facet.schema) && !rejecting.some((facet) => "enum" in facet.schema) ? "const" : "enum";
      return { value: replaceAt(instance, site.tokens, variant), path: site.path, feature, expectedValid, detail: `${what} ${JSON.stringify(variant)}` };
    });
}

export const enumWhitespaceDefects: DefectFinder = (site, instance) => enumVariantDefects(site, instance, (t) => [` ${t} `, `${t} `, `${t}\n`], "enum value padded:");

export const enumCaseDefects: DefectFinder = (site, instance) =>
  enumVariantDefects(site, instance, (t) => [t.toUpperCase(), t.toLowerCase(), t.charAt(0).toUpperCase() + t.slice(1)], "enum value recased:");

const BOUND_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
const OFFSETS: readonly [string, (bound: number) => number][] = [
  ["equal to", (b) => b],
  ["1 below", (b) => b - 1],
  ["1 above", (b) => b + 1],
  ["1 ulp below", nextDown],
  ["1 ulp above", nextUp],
];

export const boundDefects: DefectFinder = (site, instance) => {
  if (!site.present || typeof site.value !== "number") return [];
  const bounds = site.facets.flatMap((facet) => BOUND_KEYWORDS.filter((k) => typeof facet.schema[k] === "number").map((keyword) => ({ keyword, bound: facet.schema[keyword] as number })));
  return bounds.flatMap(({ keyword, bound }) =>
    OFFSETS.map(([label, offset]) => () => {
      const value = offset(bound);
      if (!Number.isFinite(value)) return undefined;
      return { value: replaceAt(instance, site.tokens, value), path: site.path, feature: keyword, expectedValid: numberVerdict(site, value), detail: `${value}: ${label} ${keyword} ${bound}` };
    }),
  );
};

function integerOnly(facet: Facet): boolean {
  const type = facet.schema.type;
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  return types.includes("integer") && !types.includes("number");
}

export const integerFractionDefects: DefectFinder = (site, instance) => {
  const value = site.value;
  if (!site.present || typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) >= 1e15) return [];
  const integerFacets = site.facets.filter(integerOnly);
  if (integerFacets.length === 0) return [];
  const fractionVerdict: Verdict = integerFacets.some((f) => f.certain) ? false : null;
  return [
    () => ({ value: replaceAt(instance, site.tokens, value + 0.5), path: site.path, feature: "type:integer", expectedValid: fractionVerdict, detail: `${value + 0.5} has a fraction` }),
    // The instance is unchanged (1.0 is the number 1): only its JSON text spells a fraction.
    () => ({ value: instance, path: site.path, feature: "type:integer", expectedValid: true, detail: `${value}.0 is an integer`, json: jsonWithWholeFraction(instance, site.tokens) }),
  ];
};

export const multipleOfNoiseDefects: DefectFinder = (site, instance) => {
  const value = site.value;
  if (!site.present || typeof value !== "number") return [];
  return site.facets
    .filter((facet) => typeof facet.schema.multipleOf === "number" && (facet.schema.multipleOf as number) > 0)
    .map((facet) => () => {
      const step = facet.schema.multipleOf as number;
      // The float product is where real noise comes from (30609 * 0.01 = 306.09000000000003).
      const candidates = [Math.round(value / step) * step, value + step - step, nextUp(value), nextDown(value)];
      const noisy = candidates.find((c) => Number.isFinite(c) && c !== value && !isExactMultiple(c, step));
      if (noisy === undefined) return undefined;
      return { value: replaceAt(instance, site.tokens, noisy), path: site.path, feature: "multipleOf", expectedValid: facet.certain ? false : null, detail: `${noisy} is not a multiple of ${step}` };
    });
};

const SURROGATE = /[\uD800-\uDFFF]/;

/** A string of exactly length code points, reusing the original text and always holding an astral one. */
function textOfLength(original: string, length: number): string {
  if (length === 0) return "";
  // Without surrogates, UTF-16 units are code points: slice instead of splitting (limits run to thousands).
  const codePoints = SURROGATE.test(original) ? [...original].slice(0, length - 1).join("") : original.slice(0, length - 1);
  return codePoints + ASTRAL.repeat(length - 1 - codePointLength(codePoints)) + ASTRAL;
}

const MAX_EDGE_LENGTH = 4096;

interface LengthEdge {
  readonly keyword: string;
  readonly length: number;
  readonly beyond: boolean;
  readonly facet: Facet;
}

/** A location's length edges depend on its facets alone, and facet lists are shared per location: listed once. */
const lengthEdgesOf = new WeakMap<readonly Facet[], readonly LengthEdge[]>();

function lengthEdges(facets: readonly Facet[]): readonly LengthEdge[] {
  let edges = lengthEdgesOf.get(facets);
  if (!edges) {
    edges = facets.flatMap((facet) => {
      const limits: LengthEdge[] = [];
      const { minLength, maxLength } = facet.schema;
      if (typeof maxLength === "number" && maxLength < MAX_EDGE_LENGTH) limits.push({ keyword: "maxLength", length: maxLength, beyond: false, facet }, { keyword: "maxLength", length: maxLength + 1, beyond: true, facet });
      if (typeof minLength === "number" && minLength < MAX_EDGE_LENGTH) {
        limits.push({ keyword: "minLength", length: minLength, beyond: false, facet });
        if (minLength > 0) limits.push({ keyword: "minLength", length: minLength - 1, beyond: true, facet });
      }
      return limits;
    });
    lengthEdgesOf.set(facets, edges);
  }
  return edges;
}

export const lengthEdgeDefects: DefectFinder = (site, instance) => {
  if (!site.present || typeof site.value !== "string") return [];
  const text = site.value;
  return lengthEdges(site.facets).map(({ keyword, length, beyond, facet }) => () => {
    const edited = textOfLength(text, length);
    const expectedValid = beyond ? (facet.certain ? false : null) : stringVerdict(site, edited);
    return { value: replaceAt(instance, site.tokens, edited), path: site.path, feature: keyword, expectedValid, detail: `${length} code points (${edited.length} UTF-16 units), ${beyond ? "past" : "at"} ${keyword}` };
  });
};

export const patternAnchoringDefects: DefectFinder = (site, instance) => {
  if (!site.present || typeof site.value !== "string" || !site.facets.some((f) => typeof f.schema.pattern === "string")) return [];
  const text = site.value;
  return [`x${text}`, `${text}x`, `${text}\n`, ` ${text}`].map((edited) => () => ({
    value: replaceAt(instance, site.tokens, edited),
    path: site.path,
    feature: "pattern",
    expectedValid: stringVerdict(site, edited),
    detail: `match with ${JSON.stringify(edited.replace(text, "…"))} around it`,
  }));
};

export const formatNearMissDefects: DefectFinder = (site, instance) => {
  if (!site.present || typeof site.value !== "string") return [];
  return site.facets.flatMap((facet) => {
    const format = facet.schema.format;
    if (typeof format !== "string") return [];
    return formatNearMisses(format).map((nearMiss) => () => ({
      value: replaceAt(instance, site.tokens, nearMiss.text),
      path: site.path,
      feature: formatFeatureId(format),
      expectedValid: nearMiss.expectedValid === false && facet.certain ? false : null,
      detail: `${format}: ${nearMiss.why}`,
    }));
  });
};
