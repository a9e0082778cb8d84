// Engines whose 400 does not name the keyword forced batch splitting: 254 of a 300-request budget for
// four modes. Guard: a full probe of four modes of a server that refuses 15 features without naming
// them (the documentation not predicting it) stays within 150 requests, and pins every refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { EmulatorHandle } from "../../providers/emulator/emulator-types.js";
import type { ModeProfile, ProviderProfile } from "../../providers/profiles/profile-types.js";
import fc from "fast-check";
import { runProbe, type ProbeRunSection } from "./run-probe.js";
import { testGroupSize } from "./run-probe-batch.js";

const REFUSED = ["pattern", "format:date", "format:time", "format:email", "format:uuid", "format:ipv4", "minLength", "maxLength", "minimum", "maximum", "multipleOf", "uniqueItems", "minItems", "maxItems", "not"];
const vllm = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;
/**
 * Every cell the sub-profile marks rejected reads enforced here, so the server refuses exactly the 15;
 * altered cells too (vLLM's measured email and date-time): each is confirmed alone, a cost of its own
 * that is not the one this guard measures.
 */
const noRefusals = (mode: ModeProfile): ModeProfile => ({
  ...mode,
  // The sub-profile's keyword-combination rules would refuse more than the 15.
  rules: {},
  ruleErrors: {},
  features: Object.fromEntries(Object.entries(mode.features).map(([feature, cell]) => [feature, cell.status === "rejected" || cell.status === "altered" ? { ...cell, status: "enforced" as const } : cell])),
});
/** What the docs say: four modes, the 15 features enforced. */
const FOUR = ["chat.response_format", "chat.tools", "chat.response_format.strict", "chat.tools.strict"];
const forced = vllm.modes.filter((mode) => FOUR.includes(mode.mode));
const documented: ProviderProfile = { ...vllm, modes: forced.map(noRefusals) };
/** What the server does: refuses the 15 with xgrammar's text, which names no keyword. */
const served: ProviderProfile = {
  ...documented,
  modes: documented.modes.map((mode) => ({
    ...mode,
    features: Object.fromEntries(Object.entries(mode.features).map(([feature, cell]) => [feature, REFUSED.includes(feature) ? { status: "rejected" as const, source: cell.source, quote: cell.quote, date: cell.date, evidence: cell.evidence } : cell])),
  })),
};

let emulator: EmulatorHandle;
let section: ProbeRunSection;

beforeAll(async () => {
  emulator = await startEmulator({ provider: "openai-compatible", profile: served });
  section = await runProbe({ provider: "openai-compatible", model: "m", baseUrl: emulator.baseUrl, profile: documented, emulated: true });
}, 120_000);

afterAll(async () => emulator?.close());

describe("unnamed refusals", () => {
  it("cost at most 150 requests for four modes", () => {
    if (process.env.SCHEMALAB_AGREEMENT_TABLE) {
      const limits = section.records.filter((record) => record.schemaId.includes("@")).length;
      console.log(`requests: ${section.settings.requestsSent} (limit probes ${limits}, feature probes ${section.records.length - limits})`);
    }
    expect(section.settings.requestsSent).toBeLessThanOrEqual(150);
  });

  it("are each pinned on their feature, in every mode", () => {
    for (const mode of section.modes) {
      const rejected = Object.entries(mode.features).filter(([, cell]) => cell.status === "rejected").map(([feature]) => feature);
      expect(rejected.sort()).toEqual([...REFUSED].sort());
    }
  });
});

describe("testGroupSize (Hwang)", () => {
  it("tests one at a time where refusals are dense, else a power of two smaller than the group", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), fc.integer({ min: 1, max: 200 }), (n, d) => {
        const size = testGroupSize(n, Math.min(d, n));
        expect(size).toBeGreaterThanOrEqual(1);
        expect(size).toBeLessThan(n);
        expect(Number.isInteger(Math.log2(size))).toBe(true);
        if (n <= 2 * Math.min(d, n) - 2) expect(size).toBe(1);
      }),
    );
    expect(testGroupSize(12, 3)).toBe(2);
    expect(testGroupSize(12, 1)).toBe(8);
  });
});
