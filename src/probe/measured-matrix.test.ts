// The matrix in the profile's shape and its diff against the documented profile.
import { describe, expect, it } from "vitest";
import { loadProfiles, validateProfile } from "../../providers/profiles/load-profiles.js";
import { buildMeasuredMatrix, diffFromProfile, isContradiction, type MeasuredMode } from "./measured-matrix.js";
import { estimateCostUsd } from "./price-table.js";

const openai = loadProfiles().find((profile) => profile.provider === "openai")!;
const measured: MeasuredMode = {
  mode: "chat.response_format.strict",
  role: "structured-output",
  features: {
    minLength: { status: "ignored", evidence: { summary: "accepted; sample 1 breaks minLength" } },
    oneOf: { status: "error", evidence: { summary: "HTTP 503 after 4 attempts" } },
    not: { status: "rejected", evidence: { summary: "HTTP 400", error: "Invalid schema: 'not' is not permitted." } },
    title: { status: "enforced", evidence: { summary: "accepted" } },
  },
  limits: { maxProperties: 4000, maxNestingDepth: null },
};

describe("buildMeasuredMatrix", () => {
  const matrix = buildMeasuredMatrix({ documented: openai, provider: "openai", model: "gpt-4o", measuredAt: "2026-11-30T10:00:00.000Z", emulated: true, settingsLine: "{}", modes: [measured] });
  const mode = matrix.modes[0]!;

  it("is a valid profile with measuredAt, labelled emulated in its sources", () => {
    expect(() => validateProfile(matrix, "measured.json")).not.toThrow();
    expect(matrix.measuredAt).toBe("2026-11-30T10:00:00.000Z");
    expect(matrix.sources[0]).toMatch(/^schemalab-probe-emulator:/);
    expect(matrix.description).toContain("EMULATOR");
  });

  it("writes measured cells, error as unknown with the reason, and keeps the rest documented", () => {
    expect(mode.features.minLength).toMatchObject({ status: "ignored", date: "2026-11-30" });
    expect(mode.features.oneOf).toMatchObject({ status: "unknown", note: "probe error: HTTP 503 after 4 attempts" });
    expect(mode.features.not!.error).toBe("Invalid schema: 'not' is not permitted.");
    expect(mode.features.pattern).toEqual(openai.modes[0]!.features.pattern);
  });

  it("replaces limits that were measured and drops one no refusal was found for", () => {
    expect(mode.limits.maxProperties).toBe(4000);
    expect(mode.limits.maxNestingDepth).toBeUndefined();
    expect(mode.limits.maxEnumValues).toBe(1000);
  });
});

describe("diffFromProfile", () => {
  it("lists cells that differ, treats an accepted annotation documented as ignored as the same, and flags contradictions", () => {
    const google = loadProfiles().find((profile) => profile.provider === "google")!;
    const diff = diffFromProfile(google, [{ mode: "generate.responseSchema", role: "structured-output", limits: {}, features: { default: { status: "enforced", evidence: {} }, minimum: { status: "ignored", evidence: {} }, minLength: { status: "enforced", evidence: {} } } }]);
    expect(diff).toEqual([
      { mode: "generate.responseSchema", feature: "minimum", documented: "enforced", measured: "ignored" },
      { mode: "generate.responseSchema", feature: "minLength", documented: "unknown", measured: "enforced" },
    ]);
    expect(diff.map(isContradiction)).toEqual([true, false]);
  });
});

describe("estimateCostUsd", () => {
  it("prices known models and says null for the rest", () => {
    expect(estimateCostUsd("gpt-4o-2024-08-06", { inputTokens: 1_000_000, outputTokens: 100_000 })).toBe(3.5);
    expect(estimateCostUsd("models/gemini-2.5-flash", { inputTokens: 1000, outputTokens: 0 })).toBe(0.0003);
    expect(estimateCostUsd("my-local-llama", { inputTokens: 1000, outputTokens: 10 })).toBeNull();
    expect(estimateCostUsd("gpt-4o", null)).toBeNull();
  });
});
