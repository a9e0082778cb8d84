import { describe, expect, it } from "vitest";
import { judgeTargets, withRatios } from "./bench-report.js";

const ajv = { name: "ajv", validPerSecond: 1000, invalidPerSecond: 500, compileMicrosPerSchema: 1000 };
const lite = { name: "schemalab/lite", validPerSecond: 1500, invalidPerSecond: 400, compileMicrosPerSchema: 5 };

describe("bench targets", () => {
  it("computes ratios against the reference, none for the reference itself", () => {
    expect(withRatios(ajv, ajv).ratios).toBeUndefined();
    expect(withRatios(lite, ajv).ratios).toEqual({ validate: 1.5, validateInvalid: 0.8, compile: 200 });
  });

  it("judges each target pass or miss; a missing bundle is a miss", () => {
    const subjects = [withRatios(ajv, ajv), withRatios(lite, ajv)];
    const judged = judgeTargets(subjects, { entry: "x", minifiedBytes: 20000, gzipBytes: 6144 }, "schemalab/lite");
    expect(judged.map((t) => t.pass)).toEqual([true, false, true, true]);
    const noBundle = judgeTargets(subjects, { entry: null, error: "no esbuild" }, "schemalab/lite");
    expect(noBundle.at(-1)).toMatchObject({ measured: null, pass: false });
  });
});
