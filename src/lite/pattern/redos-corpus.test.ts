// Known catastrophic-backtracking patterns against attack strings long enough that an exponential
// engine (or a quadratic one, at this length) would visibly hang the test: each pattern either runs
// on the linear matcher with the right verdict, or is refused by name.
import { describe, expect, it } from "vitest";
import { backtrackingRisk, backtracksLinearly } from "./backtracking-risk.js";
import { compilePattern, runsLinear, type PatternMatcher } from "./compile-pattern.js";
import { parsePattern } from "./parse-pattern.js";

const N = 50_000;
const as = "a".repeat(N);

// [pattern, attack string, verdict]: the verdicts follow from the patterns (the native engine would not finish).
const LINEAR_CASES: readonly (readonly [string, string, boolean])[] = [
  ["^(a+)+$", as + "!", false],
  ["^(a+)+$", as, true],
  ["^(a|a)*$", as + "!", false],
  ["^(a|aa)+$", as + "!", false],
  ["^(a|aa)+$", as, true],
  ["^(.*a){12}$", as + "!", false],
  ["^(.*a){12}$", as, true],
  ["^(\\w+\\s?)*$", as + "!", false],
  ["^([a-zA-Z0-9_.-])+@(([a-zA-Z0-9-])+\\.)+([a-zA-Z0-9]{2,4})+$", as + "@" + "a.".repeat(N) + "!", false],
  ["^(([a-z])+.)+[A-Z]([a-z])+$", as + "!", false],
  ["(\\d+)*x", "1".repeat(N), false],
  ["\\s*\\s*$x", " ".repeat(N), false],
  ["^(a?){40}a{40}$", "a".repeat(40), true],
  ["^[\\s\\u200c]+|[\\s\\u200c]+$", "a" + " ".repeat(N) + "a", false],
  ["(x+x+)+y", "x".repeat(N), false],
  ["^(\\p{L}+)+$", "é".repeat(N) + "1", false],
];

describe("ReDoS classics on the linear matcher", () => {
  it.each(LINEAR_CASES.map(([source, text, verdict]) => [source, text.length, verdict, text] as const))("%s on %i chars is %s", (source, _, verdict, text) => {
    const compiled = compilePattern(source);
    expect(runsLinear(compiled)).toBe(true);
    expect((compiled as PatternMatcher).test(text)).toBe(verdict);
  });
});

describe("patterns that need the backtracking engine", () => {
  it.each([
    ["^(a+)+\\1$", "nested quantifiers"],
    ["^(?=a)(a|a)*$", "branches can match the same text"],
    ["^(?!x)\\d+\\d+$", "two quantified parts in a row"],
    ["(?<=a)(\\w+\\s?)*$", "nested quantifiers"],
    ["^(a|ab)*\\1$", "branches can match the same text"],
  ])("refuses %s, naming the risk", (source, risk) => {
    const compiled = compilePattern(source);
    expect(compiled).toMatchObject({ refused: expect.stringContaining(risk) });
    expect((compiled as { refused: string }).refused).toContain(JSON.stringify(source));
  });

  it.each([
    ["^(?=.*\\d)(?=.*[a-z]).{8,}$", "abc12345", true],
    ["^(\\w+)-\\1$", "ab-ab", true],
    ["^(\\w+)-\\1$", "ab-ac", false],
    ["^\\d{1,20000}$", "123", true],
  ] as const)("runs %s natively when no risky shape is found", (source, text, verdict) => {
    const compiled = compilePattern(source);
    expect(compiled).toBeInstanceOf(RegExp);
    expect((compiled as RegExp).test(text)).toBe(verdict);
  });

  it("finds no risk in the shapes tool schemas use", () => {
    for (const source of ["^[a-z0-9_-]{3,16}$", "^\\d{4}-\\d{2}-\\d{2}$", "^(?:[a-z]+\\.)?[a-z]+$", "^https?://[^\\s]+$"]) {
      expect(backtrackingRisk(parsePattern(source))).toBeUndefined();
    }
  });
});

describe("patterns left to the native engine because it backtracks linearly on them", () => {
  const linear = (source: string) => backtracksLinearly(parsePattern(source), source.startsWith("^"));

  it.each([
    "^[A-Z]{3}$", "^acct_[A-Za-z0-9]{16}$", "^\\+[1-9][0-9]{6,14}$", "^\\d+(\\.\\d+)?$", "^[a-z0-9-]{2,30}$", "^.*$", "^[A-Z]{2}[0-9A-Z]{2,13}$",
    // Few paths (no unbounded repeat): each start position costs at most paths x pattern steps, whatever the choices.
    "^(a|a)(a|a)(a|a)(a|a)$", "^(x|y)?[a-z]$", "[A-Z]{3}-\\d{4}",
    // zod's date pattern
    "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))$",
  ])(
    "%s: chosen, and fast on attack strings",
    (source) => {
      expect(linear(source)).toBe(true);
      const compiled = compilePattern(source) as PatternMatcher;
      for (const text of [as + "!", "1".repeat(N) + ".", "1.".repeat(N), "A".repeat(N) + "a"]) expect(compiled.test(text)).toBe(new RegExp(source, "u").test(text));
    },
  );

  it.each([
    "^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "^a?a?a?a?a?a?a?a?a?a?aaaaaaaaaa$", "^(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)$", "^[a-z]+[a-z0-9]$", "^\\d+\\d$",
    "[a-z]+x", "^(\\w+\\s?)*$", "(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)",
  ])("%s: not chosen (a choice the next character does not decide, or no start anchor, and more than 64 paths)", (source) => {
    expect(linear(source)).toBe(false);
  });
});
