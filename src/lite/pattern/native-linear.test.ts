// core's native-only patterns: the scan accepts a pattern only where the full analysis
// (backtracking-risk.ts on the real parse tree) does too, and core refuses the rest by name.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile as compileCore, UnsupportedSchemaError } from "../core.js";
import { compile as compileFull } from "../index.js";
import { backtracksLinearly } from "./backtracking-risk.js";
import { compileNativePattern, linearBy, runsLinearlyOnNative } from "./native-linear.js";
import { parsePattern } from "./parse-pattern.js";
import { anchored, patternOf, searchSteps } from "./test-support/backtracking-steps.js";

const fullAnalysisAccepts = (source: string) => {
  const tree = parsePattern(source);
  return backtracksLinearly(tree, anchored(tree));
};

// Patterns tool schemas write, which core runs natively.
const ACCEPTED = [
  "^[a-zA-Z0-9_-]+$", "^[a-zA-Z0-9_-]{1,64}$", "^\\d{4}-\\d{2}-\\d{2}$", "^https?://", "^(foo|bar|baz)$", "^[A-Z]{3}$",
  "^\\+?[1-9]\\d{1,14}$", "a+", "f.*", "[0-9]{2,}", "^.*bar$", "^.*\\.pdf$", "^é+é$", "^[a-z][a-z0-9-]*$", "^#[0-9a-fA-F]{6}$", "^\\S", "", "^[^,]+,\\d+$", "^(?:[01]\\d|2[0-3]):[0-5]\\d$", "\\bword\\b",
];

// Patterns whose native run can take more than linear time (or that core cannot bound).
const REFUSED = [
  "^(a+)+$", "^(a|a)*$", "^[^@]+@[^@]+\\.[^@]+$", "\\d+x", "^\\d+\\d+$", "(x+x+)+y", "^(\\w+\\s?)*$", "^(?=a)a+b$", "^(\\w+)-\\1$",
  "^.*a.*b$", "f.*o", "a+$", "^(.*a){2}$", "^\\s*\\s*$", "^(\\p{L}+)+$",
];

describe("runsLinearlyOnNative", () => {
  it.each(ACCEPTED)("runs %j natively", (source) => {
    expect(runsLinearlyOnNative(source)).toBe(true);
  });

  it.each(REFUSED)("refuses %j", (source) => {
    expect(runsLinearlyOnNative(source)).toBe(false);
  });

  // Patterns from pieces that meet every rule's corner: classes in and beyond ASCII, loops, groups,
  // anchors. No negated class nor \p: the full analysis treats those as overlapping everything, where
  // core knows [^@] and @ are disjoint (its ASCII table is exact), so it would not be the oracle there.
  const atom = fc.constantFrom("a", "b", "\\d", "\\w", "\\s", ".", "[a-c]", "@", "\\.", "é", "[0-9_]", "\\u00e9", "-", "[é-ë]");
  const pattern = patternOf(atom);
  const anyPattern = patternOf(fc.oneof(atom, fc.constantFrom("[^a]", "[^@]", "\\p{L}", "\\S", "[^\\d]")));

  it("accepts by the full analysis's rules only what the full analysis on the parse tree accepts", () => {
    fc.assert(
      fc.property(pattern, (source) => {
        const rule = linearBy(source);
        if (rule === "few paths" || rule === "deterministic") expect(fullAnalysisAccepts(source)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  // The oracle can fail: a pattern the scan refuses takes quadratic steps.
  it("counts quadratic steps for a refused pattern", () => {
    const tree = parsePattern("f.*o");
    expect(searchSteps(tree, "f".repeat(400))).toBeGreaterThan(10 * searchSteps(tree, "f".repeat(100)));
  });

  it("accepts only patterns whose backtracking search takes linear steps, on repetitive texts", () => {
    const unit = fc.string({ unit: fc.constantFrom("a", "b", "1", "@", ".", "é", " ", "-", "_", "f", "o"), minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(anyPattern, unit, fc.constantFrom("", "!", "a", "@"), (source, repeated, tail) => {
        if (!runsLinearlyOnNative(source)) return;
        const tree = parsePattern(source);
        const text = (n: number) => repeated.repeat(Math.ceil(n / repeated.length)) + tail;
        expect(searchSteps(tree, text(240))).toBeLessThanOrEqual(6 * searchSteps(tree, text(60)) + 500);
      }),
      { numRuns: 500 },
    );
  });

  it("matches as the full entry's matcher does where it accepts", () => {
    fc.assert(
      fc.property(anyPattern, fc.string({ unit: fc.constantFrom("a", "b", "1", "@", ".", "é", " ", "-", "_"), maxLength: 12 }), (source, text) => {
        const native = compileNativePattern(source);
        if (!(native instanceof RegExp)) return;
        expect(native.test(text)).toBe(compileFull({ pattern: source })(text).valid);
      }),
      { numRuns: 300 },
    );
  });
});

describe("schemalab/lite/core's patterns", () => {
  it("refuses a pattern it cannot run in linear time by name, at its place, pointing to schemalab/lite", () => {
    const schema = { type: "object", properties: { email: { type: "string", pattern: "^[^@]+@[^@]+\\.[^@]+$" } } };
    expect(() => compileCore(schema)).toThrow(UnsupportedSchemaError);
    expect(() => compileCore(schema)).toThrow(expect.objectContaining({ keyword: "pattern", schemaPath: "#/properties/email/pattern" }));
    expect(() => compileCore(schema)).toThrow(/schemalab\/lite checks it in linear time/);
    expect(compileFull(schema)({ email: "a@b.c" }).valid).toBe(true);
    expect(compileFull(schema)({ email: "a@b" }).valid).toBe(false);
  });

  it("refuses such patternProperties too, and reports a malformed pattern as invalid", () => {
    expect(() => compileCore({ patternProperties: { "\\d+x": true } })).toThrow(expect.objectContaining({ keyword: "patternProperties" }));
    expect(() => compileCore({ pattern: "(" })).toThrow(/invalid regular expression/);
  });

  it("checks the patterns it accepts", () => {
    const validate = compileCore({ type: "string", pattern: "^[a-z][a-z0-9-]*$" });
    expect(validate("tool-1").valid).toBe(true);
    expect(validate("1tool")).toMatchObject({ valid: false, errors: [{ keyword: "pattern" }] });
  });
});
