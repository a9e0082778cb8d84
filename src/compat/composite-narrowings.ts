// Applicators and references that narrow: alternatives removed or added, new assertions (`not`,
// `if`, `contains`...), `$ref`s that land elsewhere. Lists of alternatives whose branches no longer
// line up by index are reported as branches removed/added, never diffed index by index.
import { deepEqual } from "../lite/deep-equal.js";
import { refToPointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import type { StructuralCandidate } from "./compat-types.js";
import { focusOn, keywordPath, type AlignedPair, type NarrowingDetector } from "./aligned-pair.js";
import { constrainedBy } from "./focus-schema.js";

const ALTERNATIVES = ["anyOf", "oneOf"] as const;

/** Keywords that only constrain: present in the target and absent in the source, they narrow. */
const ASSERTIONS = [
  "anyOf",
  "oneOf",
  "not",
  "if",
  "contains",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "patternProperties",
  "prefixItems",
  "items",
  "unevaluatedProperties",
  "unevaluatedItems",
  "minContains",
  "maxContains",
] as const;

/** Ajv reports a failed `if` under its `then`/`else` siblings too. */
const WITNESSED_ALSO_AT: Readonly<Record<string, readonly string[]>> = { if: ["then", "else"] };

function listOf(value: unknown): JsonSchema[] | null {
  return Array.isArray(value) ? (value as JsonSchema[]) : null;
}

/** Paths of applicator lists whose branches do not pair by index (the walker must not descend). */
export function misalignedLists(pair: AlignedPair): string[] {
  return [...ALTERNATIVES, "allOf"].filter((keyword) => {
    const [before, after] = [listOf(pair.a[keyword]), listOf(pair.b[keyword])];
    return before !== null && after !== null && before.length !== after.length;
  }).map((keyword) => keywordPath(pair, keyword));
}

const alternativesChanged: NarrowingDetector = (pair) =>
  ALTERNATIVES.flatMap((keyword) => {
    const [before, after] = [listOf(pair.a[keyword]), listOf(pair.b[keyword])];
    if (before === null || after === null || before.length === after.length) return [];
    const removed = before.flatMap((branch, index): StructuralCandidate[] =>
      after.some((kept) => deepEqual(kept, branch))
        ? []
        : [
            {
              topic: "branch-removed",
              path: keywordPath(pair, keyword, index),
              subject: { keyword },
              witnessPaths: [keywordPath(pair, keyword)],
              focus: focusOn(pair, { ...pair.a, [keyword]: [branch] }),
            },
          ],
    );
    // Only oneOf narrows by gaining a branch: a value matching the new one and an old one fails.
    const added = keyword !== "oneOf" ? [] : after.flatMap((branch, index): StructuralCandidate[] =>
      before.some((old) => deepEqual(old, branch))
        ? []
        : [
            {
              topic: "branch-added",
              path: keywordPath(pair, keyword, index),
              subject: { keyword },
              witnessPaths: [keywordPath(pair, keyword)],
              focus: focusOn(pair, constrainedBy(pair.a, { allOf: [branch] })),
            },
          ],
    );
    return [...removed, ...added];
  });

const allOfGrown: NarrowingDetector = (pair) => {
  const [before, after] = [listOf(pair.a.allOf) ?? [], listOf(pair.b.allOf)];
  if (after === null || (before.length === after.length && before.length > 0)) return [];
  return after.flatMap((branch, index): StructuralCandidate[] =>
    before.some((old) => deepEqual(old, branch))
      ? []
      : [{ topic: "assertion-added", path: keywordPath(pair, "allOf", index), subject: { keyword: "allOf" }, witnessPaths: [keywordPath(pair, "allOf", index)] }],
  );
};

const assertionAdded: NarrowingDetector = (pair) =>
  ASSERTIONS.filter((keyword) => keyword in pair.b && !(keyword in pair.a) && !isTrivial(pair.b[keyword])).map(
    (keyword): StructuralCandidate => ({
      topic: "assertion-added",
      path: keywordPath(pair, keyword),
      subject: { keyword },
      witnessPaths: [keyword, ...(WITNESSED_ALSO_AT[keyword] ?? [])].map((name) => keywordPath(pair, name)),
    }),
  );

/** Keywords whose value is data (not a subschema the walker visits): a changed value narrows. */
const dependentRequiredChanged: NarrowingDetector = (pair) =>
  "dependentRequired" in pair.a && "dependentRequired" in pair.b && !deepEqual(pair.a.dependentRequired, pair.b.dependentRequired)
    ? [{ topic: "assertion-added", path: keywordPath(pair, "dependentRequired"), subject: { keyword: "dependentRequired" }, witnessPaths: [keywordPath(pair, "dependentRequired")] }]
    : [];

/**
 * A `$ref` that lands elsewhere (or replaces an inline schema) brings constraints the side-by-side
 * reading cannot see; the search looks behind it. Its target's errors witness it.
 */
const refRetargeted: NarrowingDetector = (pair) => {
  const [before, after] = [pair.a.$ref, pair.b.$ref];
  if (before === after || (typeof before !== "string" && typeof after !== "string")) return [];
  const target = typeof after === "string" ? refToPointer(after) : null;
  return [
    {
      topic: "ref",
      path: keywordPath(pair, "$ref"),
      subject: { keyword: "$ref", source: before, target: after },
      witnessPaths: target === null ? [pair.path] : [target, keywordPath(pair, "$ref")],
    },
  ];
};

export const COMPOSITE_NARROWINGS: readonly NarrowingDetector[] = [alternativesChanged, allOfGrown, assertionAdded, dependentRequiredChanged, refRetargeted];

function isTrivial(value: unknown): boolean {
  return value === true || (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0);
}
