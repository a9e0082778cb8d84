// Keyword pairs: engines drop one keyword when another sits on the same value (xgrammar compiles a
// `pattern` or `format` and silently loses `minLength`/`maxLength`). For every pair of keywords of one
// value type, a schema holding both and a value that breaks one while keeping the other (both ways where
// a value exists). All pairs of a group are covered (a covering design of strength 2 over the features
// in play, each block one pair); the values are found by search over a fixed pool and judged by lite,
// so the suite is the same every run.
import type { JsonSchema } from "../../schema/types.js";
import { FEATURE_IDS } from "../../schema/features.js";
import { errorsTouchKeywords, judgeSample } from "../judge-sample.js";
import type { FeatureProbe } from "../probe-suite.js";

/** One value type and the keywords probed on it together, each with the constraint it carries. */
interface PairGroup {
  readonly type: string;
  /** Schema every probe of the group starts from. */
  readonly base: Readonly<Record<string, unknown>>;
  readonly fragments: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Values the search tries, in order: the first that breaks one keyword and keeps the other is asked. */
  readonly pool: readonly unknown[];
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

const GROUPS: readonly PairGroup[] = [
  {
    type: "string",
    base: { type: "string" },
    fragments: {
      minLength: { minLength: 6 },
      maxLength: { maxLength: 14 },
      pattern: { pattern: "^[0-9a-z@.-]+$" },
      "format:email": { format: "email" },
      "format:date": { format: "date" },
      enum: { enum: ["alphabetical", "2024-01-05", "ab@cd.io", "bravo", "abcdefghijklmnopqrs", "AB CD EF", "AB@CD.IO"] },
    },
    pool: ["ab", "bravo", "alphabetical", LETTERS.slice(0, 12), LETTERS, "abcdefghijklmnopqrs", "ABCDEFGHIJKL", "AB CD EF", "AB@CD.IO", "abc123defghi", "2024-01-05", "2024-13-45", "2024-01-05-extra", "a@b.io", "ab@cd.io", "abcdefgh@cd.io", "abcdefghijklmnop@example.com", "ab cd"],
  },
  {
    type: "number",
    base: { type: "number" },
    fragments: {
      minimum: { minimum: 10 },
      maximum: { maximum: 100 },
      exclusiveMinimum: { exclusiveMinimum: 10 },
      exclusiveMaximum: { exclusiveMaximum: 100 },
      multipleOf: { multipleOf: 5 },
      enum: { enum: [5, 10, 15, 50, 100, 150] },
    },
    pool: [-5, 0, 3, 5, 7, 10, 12, 15, 50, 55, 97, 100, 105, 150, 7.5],
  },
  {
    type: "array",
    base: { type: "array", items: { type: "string" } },
    fragments: {
      minItems: { minItems: 2 },
      maxItems: { maxItems: 3 },
      uniqueItems: { uniqueItems: true },
      contains: { contains: { const: "key" } },
    },
    pool: [[], ["a"], ["key"], ["a", "a"], ["a", "b"], ["key", "key"], ["key", "a"], ["a", "b", "c", "d"], ["key", "a", "b", "c"], ["a", "a", "key"], ["key", "a", "a", "b"], ["a", "a", "b", "b"]],
  },
  {
    type: "object",
    base: { type: "object", properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } } },
    fragments: {
      minProperties: { minProperties: 2 },
      maxProperties: { maxProperties: 3 },
      required: { required: ["a"] },
      "additionalProperties:false": { additionalProperties: false },
      propertyNames: { propertyNames: { maxLength: 2 } },
      patternProperties: { patternProperties: { "^x_": { type: "integer" } } },
      dependentRequired: { dependentRequired: { b: ["c"] } },
    },
    pool: [{}, { a: "1" }, { b: "1" }, { a: "1", b: "2" }, { a: "1", c: "3" }, { b: "2", c: "3" }, { a: "1", b: "2", c: "3" }, { a: "1", b: "2", c: "3", x_1: 4 }, { a: "1", x_1: 4 }, { a: "1", x_1: "s" }, { x_1: "s", b: "2", c: "3" }, { a: "1", zz: "e" }, { a: "1", long: "e" }, { a: "1", c: "3", long: "e" }, { b: "2", long: "e", c: "3" }, { a: "1", b: "2", c: "3", zz: "e" }, { a: "1", b: "2", c: "3", zz: "e", yy: "f" }, { b: "2", x_1: 4 }, { long: "e", x_1: 4 }],
  },
];

/** `minLength+pattern`: the two feature ids in taxonomy order. */
export function pairId(a: string, b: string): string {
  return FEATURE_IDS.indexOf(a as never) <= FEATURE_IDS.indexOf(b as never) ? `${a}+${b}` : `${b}+${a}`;
}

export function splitPairId(id: string): [string, string] | null {
  const parts = id.split("+");
  return parts.length === 2 && parts.every((part) => (FEATURE_IDS as readonly string[]).includes(part)) ? [parts[0]!, parts[1]!] : null;
}

/** One direction of a pair: its schema holds both keywords, its value breaks `broken` and keeps `kept`. */
export interface PairProbe extends FeatureProbe {
  readonly pair: string;
  readonly broken: string;
  readonly kept: string;
}

/** Every pair the groups cover, restricted to pairs whose both features are in play (default: all). */
export function buildPairProbes(inPlay?: ReadonlySet<string>): PairProbe[] {
  const probes: PairProbe[] = [];
  for (const group of GROUPS) {
    const features = Object.keys(group.fragments).filter((feature) => inPlay === undefined || inPlay.has(feature));
    for (let i = 0; i < features.length; i += 1) {
      for (let j = i + 1; j < features.length; j += 1) {
        const [a, b] = [features[i]!, features[j]!];
        // Two formats are one keyword: no schema holds both.
        if (sameKeyword(group, a, b)) continue;
        const schema = { ...group.base, ...group.fragments[a], ...group.fragments[b] } as JsonSchema;
        // A pair no value satisfies says nothing: an engine can only answer it with a value breaking one.
        if (!group.pool.some((value) => judgeSample(schema, value).valid)) continue;
        for (const [broken, kept] of [[a, b], [b, a]] as const) {
          const tempting = findValue(group, schema, broken, kept);
          if (tempting === undefined) continue;
          probes.push(pairProbe(pairId(a, b), broken, kept, schema, tempting));
        }
      }
    }
  }
  return probes;
}

/** Pairs of features in play the groups can say nothing about (no shared value type): for the plan. */
export function pairGroupsOf(feature: string): string[] {
  return GROUPS.filter((group) => feature in group.fragments).map((group) => group.type);
}

function sameKeyword(group: PairGroup, a: string, b: string): boolean {
  const keys = Object.keys(group.fragments[a]!);
  return Object.keys(group.fragments[b]!).some((key) => keys.includes(key));
}

/** The first pool value the base takes, `broken` alone refuses, `kept` alone takes, and the pair refuses through `broken`. */
function findValue(group: PairGroup, schema: JsonSchema, broken: string, kept: string): unknown {
  const alone = (feature: string): JsonSchema => ({ ...group.base, ...group.fragments[feature] }) as JsonSchema;
  return group.pool.find((value) => {
    if (!judgeSample(group.base as JsonSchema, value).valid || judgeSample(alone(broken), value).valid || !judgeSample(alone(kept), value).valid) return false;
    const both = judgeSample(schema, value);
    return !both.valid && errorsTouchKeywords(both.errors, keywordsOf(broken));
  });
}

function pairProbe(pair: string, broken: string, kept: string, schema: JsonSchema, tempting: unknown): PairProbe {
  return {
    feature: `${pair}>${broken}`,
    pair,
    broken,
    kept,
    kind: "violation",
    schema,
    tempting,
    verdicts: {
      enforced: `a value holding both ${broken} and ${kept} comes back`,
      ignored: `the value breaking ${broken} comes back: ${broken} is lost beside ${kept}`,
      rejected: `the pair ${pair} on one value is refused`,
      altered: `the value came back changed but still breaks ${broken}`,
    },
    keywords: keywordsOf(broken),
    placement: "property",
    open: true,
    requireWhereDemanded: false,
    file: "suites/probes (keyword pairs, src/probe/pairs/pair-suite.ts)",
  };
}

function keywordsOf(feature: string): string[] {
  if (feature.startsWith("format:")) return ["format"];
  if (feature.startsWith("additionalProperties:")) return ["additionalProperties"];
  if (feature === "contains") return ["contains", "minContains", "maxContains"];
  return [feature];
}
