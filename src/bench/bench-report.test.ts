import { describe, expect, it } from "vitest";
import { judgeTargets, withRatios } from "./bench-report.js";

const ajv = { name: "ajv", validPerSecond: 1000, invalidPerSecond: 500, compileMicrosPerSchema: 1000 };
const lite = { name: "schemalab/lite", validPerSecond: 1500, invalidPerSecond: 400, compileMicrosPerSchema: 5 };
const fastInvalid = { ...lite, invalidPerSecond: 600, compileMicrosPerSchema: 20 };

describe("bench targets", () => {
  it("computes ratios against the reference, none for the reference itself", () => {
    expect(withRatios(ajv, ajv).ratios).toBeUndefined();
    expect(withRatios(lite, ajv).ratios).toEqual({ validate: 1.5, validateInvalid: 0.8, compile: 200 });
  });

  it("gives the range of the ratios taken round by round", () => {
    const rounds = (valid: number[]) => valid.map((v) => ({ valid: v, invalid: 1, compile: 1 }));
    const measured = withRatios({ ...lite, rounds: rounds([2, 3, 1]) }, { ...ajv, rounds: rounds([1, 1, 2]) });
    expect(measured.ratioRange?.validate).toEqual([0.5, 3]);
    expect(measured.ratioRange?.compile).toEqual([1, 1]);
  });

  it("judges lite's targets on each corpus pass or miss (peers are not judged), then the core bundle; a missing bundle is a miss", () => {
    const peer = { ...lite, name: "peer", validPerSecond: 1 };
    const corpora = [
      { name: "catalogs", subjects: [withRatios(ajv, ajv), withRatios(lite, ajv), withRatios(peer, ajv)] },
      { name: "tool-shaped", subjects: [withRatios(ajv, ajv), withRatios(fastInvalid, ajv)] },
    ];
    const judged = judgeTargets(corpora, { entry: "x", minifiedBytes: 20000, gzipBytes: 8192 }, "schemalab/lite");
    expect(judged.map((t) => t.pass)).toEqual([true, false, true, true, true, false, true]);
    expect(judged[3]!.target).toContain("tool-shaped");
    expect(judged.at(-1)).toMatchObject({ subject: "schemalab/lite/core", measured: 8192 });
    const noBundle = judgeTargets(corpora, { entry: null, error: "no esbuild" }, "schemalab/lite");
    expect(noBundle.at(-1)).toMatchObject({ measured: null, pass: false });
  });
});
