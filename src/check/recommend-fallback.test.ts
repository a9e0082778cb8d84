import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveTarget } from "../../providers/profiles/load-profiles.js";
import type { CheckVerdict } from "../report/model.js";
import { recommendFallback, type FallbackInput } from "./recommend-fallback.js";

const verdicts: CheckVerdict[] = ["native", "translated", "needs-local-validation", "rejected"];
const modes = ["openai:chat.tools.strict", "openai:responses.tools.strict", "openai:chat.tools", "google:generate.responseJsonSchema"].map((target) => resolveTarget(target).mode);

const input: fc.Arbitrary<FallbackInput> = fc.record({
  verdict: fc.constantFrom(...verdicts),
  risk: fc.constantFrom(undefined, "low" as const, "medium" as const, "high" as const),
  mode: fc.constantFrom(...modes),
  changeCount: fc.nat(5),
  ignored: fc.array(fc.record({ feature: fc.constantFrom("minimum", "enum", "pattern"), path: fc.constantFrom("", "/properties/a") }), { maxLength: 3 }),
  rejected: fc.array(fc.record({ feature: fc.constantFrom("oneOf", "$ref:recursive"), path: fc.constant(""), error: fc.constant("x") }), { maxLength: 2 }),
  alternative: fc.option(fc.record({ target: fc.constant("openai:chat.tools"), verdict: fc.constantFrom(...verdicts) }), { nil: undefined }),
});

describe("recommendFallback", () => {
  it("never leaves a high-risk tool with validate-and-retry as its only guard", () => {
    fc.assert(
      fc.property(input, (given) => {
        const fallback = recommendFallback({ ...given, risk: "high" });
        expect(fallback.rung).not.toBe("validate-and-retry");
        if (given.verdict === "needs-local-validation") expect(fallback.rung).toBe("human-review");
      }),
    );
  });

  it("always gives a reason, and strict-native exactly for native or translated on constrained modes", () => {
    fc.assert(
      fc.property(input, (given) => {
        const fallback = recommendFallback(given);
        expect(fallback.reason.length).toBeGreaterThan(0);
        const enforced = given.verdict === "translated" || (given.verdict === "native" && given.mode.enforcement === "constrained");
        expect(fallback.rung === "strict-native").toBe(enforced);
      }),
    );
  });

  it("sends a refused schema to the mode's fallback target when that takes it", () => {
    const mode = resolveTarget("openai:chat.tools.strict").mode;
    const base = { verdict: "rejected" as const, mode, changeCount: 0, ignored: [], rejected: [{ feature: "oneOf", path: "", error: "x" }] };
    expect(recommendFallback({ ...base, alternative: { target: "openai:chat.tools", verdict: "needs-local-validation" } })).toMatchObject({ rung: "compatible-fallback-model" });
    expect(recommendFallback({ ...base, alternative: { target: "openai:chat.tools", verdict: "rejected" } })).toMatchObject({ rung: "human-review" });
    expect(recommendFallback({ ...base, risk: "high", alternative: { target: "openai:chat.tools", verdict: "needs-local-validation" } })).toMatchObject({ rung: "human-review" });
  });

  it("advises validate-and-retry for what the provider does not enforce, naming it", () => {
    const fallback = recommendFallback({ verdict: "needs-local-validation", mode: modes[0]!, changeCount: 0, ignored: [{ feature: "minLength", path: "/properties/a" }], rejected: [] });
    expect(fallback).toEqual({ rung: "validate-and-retry", reason: expect.stringContaining("minLength") });
  });
});
