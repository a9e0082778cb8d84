import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern, linearMatcherOf, runsLinear, type PatternMatcher } from "./compile-pattern.js";

function matcher(source: string): PatternMatcher {
  const compiled = compilePattern(source);
  if (!("test" in compiled)) throw new Error(`not compiled: ${JSON.stringify(compiled)}`);
  return compiled;
}

// Pieces of the subset schemas use; combined at random and compared with the native engine.
const ATOMS = ["a", "b", "ab", ".", "\\d", "\\w", "\\s", "\\W", "[a-c]", "[^b]", "[\\d_-]", "😀", "é", "\\u0041", "\\x62", "\\.", "\\bb", "\\Bb", "\\p{L}", "[^\\p{Lu}]"];
const QUANTIFIERS = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?"];
const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.tuple(fc.constantFrom(...ATOMS), fc.constantFrom(...QUANTIFIERS)).map(([a, q]) => a + q),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => a + b),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => `(?:${a}|${b})`),
    fc.tuple(tie("node"), fc.constantFrom(...QUANTIFIERS)).map(([a, q]) => `(${a})${q}`),
  ),
})).node.map((body) => body);
const anchored = fc.tuple(fc.boolean(), pattern, fc.boolean()).map(([start, body, end]) => `${start ? "^" : ""}${body}${end ? "$" : ""}`);
const text = fc.array(fc.constantFrom("a", "b", "c", "1", "_", " ", "\n", ".", "😀", "é", "A", "-"), { maxLength: 12 }).map((chars) => chars.join(""));

describe("the linear pattern matcher", () => {
  it("agrees with ECMA-262 (u flag) on the subset schemas use", () => {
    fc.assert(
      fc.property(anchored, fc.array(text, { minLength: 1, maxLength: 8 }), (source, texts) => {
        const compiled = matcher(source);
        expect(runsLinear(compiled)).toBe(true);
        const linear = linearMatcherOf(source)!;
        const native = new RegExp(source, "u");
        for (const t of texts) {
          expect(linear.test(t), `${source} on ${JSON.stringify(t)}`).toBe(native.test(t));
          expect(compiled.test(t)).toBe(native.test(t));
        }
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ["^\\ud83d\\ude00$", "😀", true],
    ["^.$", "😀", true],
    ["^\\u{1F600}$", "😀", true],
    ["^[😀-😂]$", "😁", true],
    ["^\\cJ$", "\n", true],
    ["^[\\b]$", "\b", true],
    ["x$", "x\n", false],
    ["^$", "", true],
    ["(?:)", "anything", true],
    ["^(?<year>\\d{4})-(\\d{2})$", "2024-05", true],
    ["^\\p{Nd}+$", "١٢٣", true],
    ["^\\d+$", "١٢٣", false],
    ["^\\S+$", "\u00a0", false],
    ["^a{0}$", "", true],
    ["(a*)*b", "aaab", true],
  ] as const)("%s on %j is %s", (source, value, expected) => {
    expect(matcher(source).test(value)).toBe(expected);
    expect(linearMatcherOf(source)!.test(value)).toBe(expected);
    expect(new RegExp(source, "u").test(value)).toBe(expected);
  });

  it("reads a lone surrogate in the value as a code point of its own", () => {
    for (const value of ["\ud83d", "a\ude00b"]) for (const source of ["^.+$", "^[^a]+$", "\\ud83d"]) expect(linearMatcherOf(source)!.test(value)).toBe(new RegExp(source, "u").test(value));
  });

  it("reports a syntax error as invalid, with the engine's message", () => {
    expect(compilePattern("a{")).toMatchObject({ invalid: expect.stringContaining("Invalid") });
    expect(compilePattern("\\a")).toHaveProperty("invalid");
  });
});

// The official suite's optional ECMA-262 regex tests, run through the matcher directly.
// Found from $JSON_SCHEMA_TEST_SUITE, $SCHEMALAB_SHARED_DIR, or ../shared beside the repository (src/lite imports nothing outside itself).
const suiteDir =
  process.env.JSON_SCHEMA_TEST_SUITE ??
  (process.env.SCHEMALAB_SHARED_DIR ? join(process.env.SCHEMALAB_SHARED_DIR, "json-schema-test-suite") : fileURLToPath(new URL("../../../../shared/json-schema-test-suite", import.meta.url)));
const suiteFile = join(suiteDir, "tests/draft2020-12/optional/ecmascript-regex.json");
describe.skipIf(!existsSync(suiteFile))("official optional/ecmascript-regex.json patterns", () => {
  interface Group { description: string; schema: { pattern?: string; patternProperties?: Record<string, unknown> }; tests: { data: unknown; valid: boolean }[] }
  const groups: Group[] = existsSync(suiteFile) ? JSON.parse(readFileSync(suiteFile, "utf8")) : [];
  it.each(groups.filter((g) => g.schema.pattern !== undefined).map((g) => [g.description, g] as const))("%s", (_, group) => {
    const compiled = linearMatcherOf(group.schema.pattern!)!;
    for (const test of group.tests) if (typeof test.data === "string") expect(compiled.test(test.data), JSON.stringify(test.data)).toBe(test.valid);
  });
});

describe("which engine runs a pattern", () => {
  it("defers building the linear matcher to the first test, and analyses at compile time what may need backtracking", () => {
    expect(runsLinear(compilePattern("^[a-z]{2,8}$"))).toBe(true);
    expect(runsLinear(compilePattern("^(?:a|b)+(?<name>c)$"))).toBe(true);
    expect(compilePattern("(?<=a)b")).toBeInstanceOf(RegExp);
    expect(compilePattern("^[a-z]{30000}$")).toBeInstanceOf(RegExp);
    expect(compilePattern("^(?:(?:a+){99}){99}$")).toHaveProperty("refused");
  });
});

describe("the matcher's cache", () => {
  it("stays correct when the sets it meets overflow the cache", () => {
    // Each distinct window of the last 15 letters is its own set of live states: the text meets more
    // distinct windows than the cache holds (MAX_KERNELS, 4096 in lazy-dfa.ts), so it is dropped midway.
    // 8,000 letters are enough (20,000 took 45 s under coverage's counters for the same check).
    const source = "(?:a|b)*a(?:a|b){14}$";
    const linear = linearMatcherOf(source)!;
    const native = new RegExp(source, "u");
    let text = "";
    for (let i = 0; i < 8_000; i++) text += Math.floor(Math.abs(Math.sin(i + 1)) * 1e4) & 1 ? "a" : "b";
    const windows = new Set<string>();
    for (let i = 15; i <= text.length; i++) windows.add(text.slice(i - 15, i));
    expect(windows.size).toBeGreaterThan(4096);
    for (const slice of [text, text.slice(0, 5_001), text + "b".repeat(15), text + "a" + "b".repeat(14)]) expect(linear.test(slice)).toBe(native.test(slice));
  });
});
