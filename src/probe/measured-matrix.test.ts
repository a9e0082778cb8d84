// The matrix in the profile's shape and its diff against the documented profile.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadProfiles, validateProfile } from "../../providers/profiles/load-profiles.js";
import { buildMeasuredMatrix, compareWithProfile, type MeasuredMode } from "./measured-matrix.js";
import { isProfileGap } from "../report/model.js";
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

describe("compareWithProfile", () => {
  const google = loadProfiles().find((profile) => profile.provider === "google")!;
  const cell = (status: MeasuredMode["features"][string]["status"]) => ({ status, evidence: {} });
  const compare = (features: MeasuredMode["features"], mode = "generate.responseSchema") => compareWithProfile(google, [{ mode, role: "structured-output", limits: {}, features }]);

  it("splits contradictions of a stated cell from measurements where the profile says unknown; an accepted annotation documented as ignored is the same", () => {
    const comparison = compare({ default: cell("enforced"), minimum: cell("ignored"), minLength: cell("enforced") });
    expect(comparison.contradictions).toEqual([{ mode: "generate.responseSchema", feature: "minimum", documented: "enforced", measured: "ignored" }]);
    expect(comparison.measuredWhereUnknown).toEqual([{ mode: "generate.responseSchema", feature: "minLength", documented: "unknown", measured: "enforced" }]);
  });

  it("counts an error cell in neither list: it measured nothing", () => {
    expect(compare({ minimum: cell("error"), minLength: cell("error") })).toEqual({ contradictions: [], measuredWhereUnknown: [] });
  });

  it("reads a mode the profile does not list as undocumented, a gap", () => {
    expect(compare({ minimum: cell("ignored") }, "not.a.mode")).toEqual({ contradictions: [], measuredWhereUnknown: [{ mode: "not.a.mode", feature: "minimum", documented: "undocumented", measured: "ignored" }] });
  });

  it("puts every measured cell in exactly one place: a contradiction, a gap, or agreement", () => {
    const statuses = ["enforced", "ignored", "rejected", "altered", "error"] as const;
    const features = Object.keys(google.modes.find((mode) => mode.mode === "generate.responseSchema")!.features);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...features), fc.constantFrom(...statuses)), (picked) => {
        const comparison = compare(Object.fromEntries(Object.entries(picked).map(([feature, status]) => [feature, cell(status)])));
        const listed = [...comparison.contradictions, ...comparison.measuredWhereUnknown].map((entry) => entry.feature);
        expect(new Set(listed).size).toBe(listed.length);
        for (const entry of comparison.measuredWhereUnknown) expect(isProfileGap(entry.documented)).toBe(true);
        for (const entry of comparison.contradictions) expect(isProfileGap(entry.documented) || entry.measured === entry.documented).toBe(false);
        for (const [feature, status] of Object.entries(picked)) if (status === "error") expect(listed).not.toContain(feature);
      }),
    );
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
