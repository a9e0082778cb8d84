// A provider that regenerates the whole value when any part of the asked value breaks an enforced rule
// made every ignored feature of a batch read `enforced`. Guard: probed against such a provider (the
// vLLM sub-profile's emulator behind regenerateOnViolation), no feature the profile ignores reads enforced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import { regenerateOnViolation } from "../../providers/openai-compatible/regenerate-on-violation.js";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { EmulatorHandle } from "../../providers/emulator/emulator-types.js";
import { runProbe, type ProbeRunSection } from "./run-probe.js";

const IGNORED = ["maximum", "uniqueItems", "minLength", "format:email", "not"];
const vllm = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;
/** vLLM's profile with a few features the engine lets through, as the provider did. */
const profile = {
  ...vllm,
  modes: vllm.modes.map((mode) => ({
    ...mode,
    features: Object.fromEntries(Object.entries(mode.features).map(([feature, cell]) => [feature, IGNORED.includes(feature) ? { ...cell, status: "ignored" as const } : cell])),
  })),
};
let emulator: EmulatorHandle;
let section: ProbeRunSection;

beforeAll(async () => {
  emulator = await startEmulator({ provider: "openai-compatible", profile });
  section = await runProbe({ provider: "openai-compatible", model: "m", baseUrl: emulator.baseUrl, profile, fetchImpl: regenerateOnViolation(fetch), emulated: true });
}, 120_000);

afterAll(async () => emulator?.close());

describe("a provider that regenerates the whole value on any violation", () => {
  it("reads no ignored feature as enforced, in any mode", () => {
    const wrong: string[] = [];
    let ignored = 0;
    for (const mode of profile.modes) {
      const measured = section.modes.find((known) => known.mode === mode.mode)!.features;
      for (const [feature, cell] of Object.entries(mode.features)) {
        if (cell.status !== "ignored" || measured[feature] === undefined) continue;
        ignored += 1;
        if (measured[feature]!.status === "enforced") wrong.push(`${mode.mode} ${feature}`);
      }
    }
    expect(ignored).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
