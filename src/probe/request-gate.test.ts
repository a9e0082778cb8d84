// The gate bounds requests in flight and in all; the probe's whole run goes through it.
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import { RequestGate } from "./request-gate.js";
import { runProbe } from "./run-probe.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe("RequestGate", () => {
  it("never has more than `concurrency` requests in flight, and runs them all", async () => {
    const gate = new RequestGate(3, 100);
    let inFlight = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        gate.run(async () => {
          most = Math.max(most, ++inFlight);
          await tick();
          inFlight -= 1;
          return index;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(results).toEqual(Array.from({ length: 12 }, (_, index) => index));
  });

  it("sends no more than the budget and refuses the rest without running them", async () => {
    const gate = new RequestGate(2, 4);
    let ran = 0;
    const results = await Promise.all(Array.from({ length: 7 }, () => gate.run(async () => ++ran)));
    expect(ran).toBe(4);
    expect(results.filter((result) => result === "budget")).toHaveLength(3);
    expect(gate.requestsSent).toBe(4);
  });

  it("does not send (or count) a request its caller no longer wants", async () => {
    const gate = new RequestGate(1, 10);
    expect(await gate.run(async () => "sent", () => false)).toBe("unwanted");
    expect(gate.requestsSent).toBe(0);
  });
});

describe("runProbe concurrency", () => {
  it("keeps at most --concurrency requests in flight against the server", async () => {
    const emulator = await startEmulator({ provider: "openai" });
    let inFlight = 0;
    let most = 0;
    try {
      const section = await runProbe({
        provider: "openai",
        model: "gpt-4o-2024-08-06",
        baseUrl: emulator.baseUrl,
        apiKey: "emulator-key",
        modes: ["chat.tools", "chat.tools.strict"],
        concurrency: 3,
        fetchImpl: async (url, init) => {
          most = Math.max(most, ++inFlight);
          try {
            const response = await fetch(url, init);
            await tick();
            return response;
          } finally {
            inFlight -= 1;
          }
        },
      });
      expect(most).toBe(3);
      expect(section.settings.concurrency).toBe(3);
    } finally {
      await emulator.close();
    }
  });
});
