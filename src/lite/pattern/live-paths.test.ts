// live-paths.ts's rule: every pattern it accepts takes the backtracking engine's strategy a number
// of steps linear in the text (an oracle that counts them, and can fail: the refused ones grow
// faster), and the patterns behind catastrophic or quadratic backtracking stay refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern, runsNatively, type PatternMatcher } from "./compile-pattern.js";
import { livePathsBounded } from "./live-paths.js";
import { parsePattern } from "./parse-pattern.js";
import { anchored, patternOf, searchSteps } from "./test-support/backtracking-steps.js";

const accepts = (source: string) => {
  const tree = parsePattern(source);
  return livePathsBounded(tree, anchored(tree));
};

// zod 4's z.email() pattern, as zod.toJSONSchema emits it.
const ZOD_EMAIL = "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";

// Overlapping and disjoint classes, in and beyond ASCII, and the email pattern's own.
const atom = fc.constantFrom("a", "b", "\\d", "\\w", "\\s", ".", "[a-c]", "@", "\\.", "é", "[^a]", "[^@]", "\\p{L}", "[A-Za-z0-9_'+\\-]", "[A-Za-z]", "-", "\\b");
const unit = fc.string({ unit: fc.constantFrom("a", "b", "1", "@", ".", "é", " ", "-", "_", "A", "'"), minLength: 1, maxLength: 3 });

/** Whether the steps on the 240-character text stay within a linear bound of those on the 60-character one. */
function growsLinearly(source: string, repeated: string, tail: string): boolean {
  const tree = parsePattern(source);
  const text = (n: number) => repeated.repeat(Math.ceil(n / repeated.length)) + tail;
  return searchSteps(tree, text(240)) <= 6 * searchSteps(tree, text(60)) + 500;
}

describe("livePathsBounded", () => {
  it.each([
    ZOD_EMAIL, "^[a-z]+[a-z0-9]$", "^\\d+\\d$", "^(?:[a-z0-9]+\\.)*[a-z0-9]+$", "^[\\da-f]{8}-(?:[\\da-f]{4}-){3}[\\da-f]{12}$", "^[a-zA-Z0-9_-]+$",
    "^(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$", "^\\w+(?:-\\w+)*$", "abc", "^(?:a|b)*c$",
  ])("accepts %s", (source) => {
    expect(accepts(source)).toBe(true);
  });

  it.each([
    "^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(x+x+)+y", "^(\\w+\\s?)*$", "^(.*a){12}$", "^(.*a){2}$", "^[^@]+@[^@]+\\.[^@]+$", "a+$", "a+", "[a-z]+x", "f.*o",
    "^.*a.*b$", "\\s*\\s*$x", "^([a-zA-Z0-9_.-])+@(([a-zA-Z0-9-])+\\.)+([a-zA-Z0-9]{2,4})+$", "^(\\p{L}+)+$", "^(a|)*$", "^(?:a*)*$",
    // Not plain regular: left to the other rules.
    "^(?=a)a$", "^(a)\\1$",
  ])("refuses %s", (source) => {
    expect(accepts(source)).toBe(false);
  });

  // The oracle can fail: patterns the rule refuses take super-linear steps.
  it.each([
    ["a+$", "a", "b"],
    ["^[^@]+@[^@]+\\.[^@]+$", ".", "@"],
    ["[a-z]+x", "a", ""],
    ["^(?:a|ab)*(?:b|a)*c$", "ab", ""],
  ])("counts super-linear steps for the refused %s", (source, repeated, tail) => {
    expect(accepts(source)).toBe(false);
    const tree = parsePattern(source);
    const text = (n: number) => (source.includes("@") ? "a@" : "") + repeated.repeat(n) + tail;
    expect(searchSteps(tree, text(400))).toBeGreaterThan(8 * searchSteps(tree, text(100)));
  });

  it("accepts only patterns whose backtracking search takes linear steps, on repetitive texts", () => {
    fc.assert(
      fc.property(patternOf(atom), unit, fc.constantFrom("", "!", "a", "@", "a@", ".a"), (source, repeated, tail) => {
        if (!accepts(source)) return;
        expect(growsLinearly(source, repeated, tail)).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it("takes zod's email pattern linearly on texts made to trouble it", () => {
    const prefixes = ["", "a@", "a.", "a@a."];
    for (const prefix of prefixes) for (const repeated of ["a", "a.", ".", "a-", "a@"]) for (const tail of ["", "!", "@", ".a"]) expect(growsLinearly(ZOD_EMAIL, prefix + repeated, tail)).toBe(true);
  });

  it("runs zod's email pattern natively in the full entry, with the native verdicts on attack strings", () => {
    expect(runsNatively(ZOD_EMAIL)).toBe(true);
    const compiled = compilePattern(ZOD_EMAIL) as PatternMatcher;
    const native = new RegExp(ZOD_EMAIL, "u");
    const n = 50_000;
    for (const text of ["alice478@sample.io", "a.b@c.de", "a..b@c.de", "a".repeat(n) + "!", "a.".repeat(n) + "@", "a@" + "a.".repeat(n) + "!", "a@" + "a-".repeat(n), "_".repeat(n) + "@a.bc"]) {
      expect(compiled.test(text)).toBe(native.test(text));
    }
  });
});
