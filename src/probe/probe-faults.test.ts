// Under every injected fault the probe completes and the affected feature ends as `error` (never ignored
// or rejected), after bounded retries that honour Retry-After up to the cap. Delays are injected, so
// the test never waits for them.
import { describe, expect, it } from "vitest";
import type { FaultSpec } from "../../providers/emulator/emulator-types.js";
import { probeEmulator } from "./probe-emulator.js";

const FEATURES = ["minLength", "maxLength", "pattern"];
const MODE = "chat.response_format.strict";

async function probeWithFault(fault: FaultSpec, options: { stream?: boolean; timeoutMs?: number } = {}) {
  const delays: number[] = [];
  const section = await probeEmulator("openai", {
    modes: [MODE],
    features: FEATURES,
    batchSize: 1,
    faults: [fault],
    retry: { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 5000, sleep: async (ms) => void delays.push(ms) },
    ...options,
  });
  const features = section.modes[0]!.features;
  const recordOf = (feature: string) => section.records.find((record) => record.features.includes(feature))!;
  return { section, features, delays, recordOf };
}

const onMinLength = { when: { feature: "minLength" } } as const;

describe("probe under injected faults", () => {
  it.each([
    ["429 with Retry-After", { kind: "rate-limit", retryAfterS: 7, ...onMinLength }, {}, "rate-limited"],
    ["500", { kind: "server-error", status: 500, ...onMinLength }, {}, "server-error"],
    ["503", { kind: "server-error", status: 503, ...onMinLength }, {}, "server-error"],
    ["connection reset", { kind: "reset", ...onMinLength }, {}, "network"],
    ["slow beyond the timeout", { kind: "slow", delayMs: 600, ...onMinLength }, { timeoutMs: 150 }, "network"],
    ["malformed body", { kind: "malformed-body", ...onMinLength }, {}, "malformed"],
    ["truncated stream", { kind: "truncated-stream", ...onMinLength }, { stream: true }, "stream-cut"],
    ["truncated answer", { kind: "truncated", ...onMinLength }, {}, "truncated"],
    ["refusal", { kind: "refusal", ...onMinLength }, {}, "refusal"],
  ] as const)("%s: the affected feature is error, the others are measured", async (_name, fault, options, reason) => {
    const { features, recordOf } = await probeWithFault(fault as FaultSpec, options);
    expect(features.minLength!.status).toBe("error");
    expect(features.maxLength!.status).toBe("enforced");
    expect(features.pattern!.status).toBe("enforced");
    expect(recordOf("minLength").finalState).toBe(reason);
    expect(recordOf("maxLength").finalState).toBe("answered");
  });

  it("retries transient faults a bounded number of times, truncation and refusal not at all", async () => {
    expect((await probeWithFault({ kind: "server-error", status: 503, ...onMinLength })).recordOf("minLength").retries).toBe(2);
    expect((await probeWithFault({ kind: "refusal", ...onMinLength })).recordOf("minLength").retries).toBe(0);
  });

  it("honours Retry-After, capped, and succeeds when the 429s stop", async () => {
    const capped = await probeWithFault({ kind: "rate-limit", retryAfterS: 60, ...onMinLength });
    expect(capped.delays).toEqual([5000, 5000]);
    const recovers = await probeWithFault({ kind: "rate-limit", retryAfterS: 2, times: 2, ...onMinLength });
    expect(recovers.delays).toEqual([2000, 2000]);
    expect(recovers.features.minLength!.status).toBe("enforced");
    expect(recovers.recordOf("minLength")).toMatchObject({ retries: 2, finalState: "answered" });
  });

  it("backs off exponentially when the server names no wait", async () => {
    const { delays } = await probeWithFault({ kind: "server-error", status: 500, ...onMinLength });
    expect(delays).toEqual([100, 200]);
  });

  it("keeps the fault's text in the evidence", async () => {
    const { features } = await probeWithFault({ kind: "server-error", status: 500, ...onMinLength });
    expect((features.minLength!.evidence as { summary: string }).summary).toMatch(/HTTP 500.*after 3 attempts/);
  });
});
