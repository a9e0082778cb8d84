import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyDifference, pathPatternOf, type FuzzCase } from "./classify-difference.js";
import { compareOutcomes, runValidator, type Outcome } from "./compare-outcomes.js";

const invalidAt = (...paths: string[]): Outcome => ({ kind: "verdict", valid: false, errors: paths.map((instancePath) => ({ instancePath, keyword: "type" })) });
const valid: Outcome = { kind: "verdict", valid: true };

describe("comparing outcomes", () => {
  it("turns throws and contract breaches into crashes, never exceptions", () => {
    expect(runValidator(() => { throw new TypeError("boom"); }, 1)).toEqual({ kind: "crash", error: "TypeError: boom" });
    expect(runValidator(() => "yes", 1)).toMatchObject({ kind: "crash", error: expect.stringContaining("contract violation") });
    expect(runValidator(() => ({ valid: false, errors: [{ instancePath: "/a" }] }), 1)).toMatchObject({ kind: "verdict", valid: false });
  });

  it("names the direction from the candidate's side", () => {
    expect(compareOutcomes(valid, invalidAt(""))).toBe("too-lax");
    expect(compareOutcomes(invalidAt(""), valid)).toBe("too-strict");
    expect(compareOutcomes({ kind: "crash", error: "x" }, valid)).toBe("crash");
    expect(compareOutcomes(valid, { kind: "crash", error: "x" })).toBe("reference-crash");
    expect(compareOutcomes(valid, valid)).toBeNull();
  });

  it("compares failing paths as sets, only when both report them", () => {
    expect(compareOutcomes(invalidAt("/a", "/b", "/a"), invalidAt("/b", "/a"))).toBeNull();
    expect(compareOutcomes(invalidAt("/a"), invalidAt("/b"))).toBe("error-location");
    expect(compareOutcomes({ kind: "verdict", valid: false }, invalidAt("/b"))).toBeNull();
  });
});

describe("classifying a difference", () => {
  const nearMiss: FuzzCase = { value: { items: [{ q: "3" }] }, family: "number-as-text", path: "/items/0/q", feature: "type:number", expectedValid: false };

  it("tells error locations apart exactly as path sets do, short lists (compared in place) and long ones alike", () => {
    const paths = fc.array(fc.constantFrom("", "/a", "/b", "/a/0", "/c/1/d"), { maxLength: 40 });
    fc.assert(
      fc.property(paths, paths, (candidatePaths, referencePaths) => {
        const same = new Set(candidatePaths).size === new Set(referencePaths).size && candidatePaths.every((path) => referencePaths.includes(path));
        return compareOutcomes(invalidAt(...candidatePaths), invalidAt(...referencePaths)) === (same ? null : "error-location");
      }),
    );
  });

  it("reads a bare true, a { valid: true } and a { valid: false } without errors as plain verdicts", () => {
    expect(runValidator(() => true, 1)).toEqual({ kind: "verdict", valid: true, errors: undefined });
    expect(runValidator(() => ({ valid: true }), 1)).toEqual({ kind: "verdict", valid: true, errors: undefined });
    expect(runValidator(() => false, 1)).toEqual({ kind: "verdict", valid: false, errors: undefined });
    expect(runValidator(() => ({ valid: true, errors: "none" }), 1)).toMatchObject({ kind: "crash", error: expect.stringContaining("'errors' must be an array") });
  });

  it("folds array indexes in the path pattern", () => {
    expect(pathPatternOf("/items/12/tags/0")).toBe("/items/*/tags/*");
    expect(pathPatternOf("/a01/7b")).toBe("/a01/7b");
  });

  it("takes a near miss's own feature and path", () => {
    expect(classifyDifference(nearMiss, "too-lax", valid, invalidAt("/items/0/q"))).toEqual({ direction: "too-lax", feature: "type:number", path: "/items/0/q", pathPattern: "/items/*/q" });
  });

  it("asks the side that said invalid when the case has no defect", () => {
    const validCase: FuzzCase = { ...nearMiss, family: "valid", path: "", feature: "", expectedValid: true };
    const strict: Outcome = { kind: "verdict", valid: false, errors: [{ instancePath: "/n", keyword: "multipleOf" }] };
    expect(classifyDifference(validCase, "too-strict", strict, valid)).toMatchObject({ feature: "multipleOf", path: "/n" });
  });

  it("names an error-location class by the first path only one side reports", () => {
    expect(classifyDifference(nearMiss, "error-location", invalidAt("/a", "/c"), invalidAt("/a", "/b"))).toMatchObject({ feature: "type", path: "/b" });
  });
});
