import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { FaultSpecError, parseFaultSpec } from "./emulator-fault-spec.js";
import type { FaultContext, FaultSpec } from "./emulator-types.js";

const context = (requestNumber: number): FaultContext => ({ api: "openai-chat", mode: null, prompt: "", features: [], stream: false, path: "/v1/chat/completions", requestNumber });
const fires = (fault: FaultSpec, n: number): boolean => fault.when === undefined || (typeof fault.when === "function" ? fault.when(context(n)) : true);

describe("fault grammar", () => {
  test.each([
    ["429", { kind: "rate-limit", retryAfterS: 1 }],
    ["429:0s", { kind: "rate-limit", retryAfterS: 0 }],
    ["500", { kind: "server-error", status: 500 }],
    ["529", { kind: "server-error", status: 529 }],
    ["slow:200ms", { kind: "slow", delayMs: 200 }],
    ["slow:1.5s", { kind: "slow", delayMs: 1500 }],
    ["truncate", { kind: "truncated-stream" }],
    ["stream-error", { kind: "stream-error" }],
    ["max-tokens", { kind: "truncated" }],
    ["malformed", { kind: "malformed-body" }],
    ["reject-schema", { kind: "reject-schema" }],
    ["refusal", { kind: "refusal" }],
    ["reset", { kind: "reset" }],
  ])("%s reads as its fault, on every request", (spec, fault) => {
    const parsed = parseFaultSpec(spec);
    expect(parsed).toEqual(fault);
    expect(fires(parsed, 1) && fires(parsed, 99)).toBe(true);
  });

  test("@N fires on the Nth request only; N-M on the range; N+ from N on", () => {
    const numbers = [1, 2, 3, 4, 5, 6];
    expect(numbers.filter((n) => fires(parseFaultSpec("429@3"), n))).toEqual([3]);
    expect(numbers.filter((n) => fires(parseFaultSpec("reset@2-4"), n))).toEqual([2, 3, 4]);
    expect(numbers.filter((n) => fires(parseFaultSpec("slow:10ms@5+"), n))).toEqual([5, 6]);
  });

  test("P% draws the same requests for the same seed, about P of them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const a = parseFaultSpec("500@20%", seed);
        const b = parseFaultSpec("500@20%", seed);
        const hits = Array.from({ length: 2000 }, (_, i) => fires(a, i + 1));
        expect(hits).toEqual(Array.from({ length: 2000 }, (_, i) => fires(b, i + 1)));
        const share = hits.filter(Boolean).length / hits.length;
        expect(share).toBeGreaterThan(0.15);
        expect(share).toBeLessThan(0.25);
      }),
      { numRuns: 20 },
    );
    expect([1, 2, 3].every((n) => !fires(parseFaultSpec("500@0%"), n))).toBe(true);
    expect([1, 2, 3].every((n) => fires(parseFaultSpec("500@100%"), n))).toBe(true);
  });

  test.each(["teapot", "429@0", "429@x", "500:2", "slow:fast", "429:2.5", "500@3-1", "500@150%", ""])("%j is refused with the reason", (spec) => {
    expect(() => parseFaultSpec(spec)).toThrow(FaultSpecError);
  });
});
