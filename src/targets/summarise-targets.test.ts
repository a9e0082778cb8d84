import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { FeatureCell, MeasuredMatrix, ModeProfile } from "../../providers/profiles/profile-types.js";
import { classifyCell, countCells, countsByProvider, formatTargetsText, summariseTargets } from "./summarise-targets.js";

const cellArbitrary = fc.record({
  status: fc.constantFrom("enforced", "ignored", "rejected", "altered", "unknown" as const),
  evidence: fc.constantFrom("documented", "observed" as const),
}).map((cell) => ({ ...cell, source: "https://x.test", quote: "q", date: "2026-12-01" }) as FeatureCell);

describe("summariseTargets", () => {
  const profiles = loadProfiles();

  it("lists every documented target once, with its profile's date", () => {
    const summaries = summariseTargets(profiles);
    expect(summaries.map((summary) => summary.target)).toEqual(profiles.flatMap((profile) => profile.modes.map((mode) => `${profile.provider}:${mode.mode}`)));
    const xai = summaries.find((summary) => summary.target === "openai-compatible/xai:chat.tools")!;
    expect(xai).toMatchObject({ provider: "openai-compatible/xai", mode: "chat.tools", role: "tool-input", enforcement: "constrained", basis: "documented", profileDate: "2026-12-01" });
  });

  it("counts every cell exactly once: unknown by status, else by evidence", () => {
    fc.assert(
      fc.property(fc.array(cellArbitrary, { maxLength: 40 }), (cells) => {
        const mode = { features: Object.fromEntries(cells.map((cell, index) => [`f${index}`, cell])) } as unknown as ModeProfile;
        const counts = countCells(mode);
        expect(counts.documented + counts.observed + counts.unknown).toBe(cells.length);
        expect(counts.unknown).toBe(cells.filter((cell) => cell.status === "unknown").length);
        expect(counts.observed).toBe(cells.filter((cell) => cell.status !== "unknown" && cell.evidence === "observed").length);
      }),
    );
  });

  it("reads a conflicting cell as unknown and an observed refusal as observed", () => {
    const google = profiles.find((profile) => profile.provider === "google")!.modes.find((mode) => mode.mode === "generate.responseSchema")!;
    expect(classifyCell(google.features["format:email"]!)).toBe("unknown");
    expect(classifyCell(google.features["type:union"]!)).toBe("observed");
  });

  it("marks a measured matrix as measured and totals it apart", () => {
    const openai = profiles.find((profile) => profile.provider === "openai")!;
    const matrix: MeasuredMatrix = { ...openai, modes: [openai.modes[0]!], measuredAt: "2026-12-01T10:00:00Z" };
    const summaries = summariseTargets([openai, matrix]);
    expect(summaries.at(-1)).toMatchObject({ target: openai.modes[0]!.mode === summaries.at(-1)!.mode ? `openai:${openai.modes[0]!.mode}` : "", basis: "measured" });
    expect([...countsByProvider(summaries).keys()]).toEqual(["openai", "openai (measured)"]);
    expect(formatTargetsText(summaries)).toContain(`openai:${openai.modes[0]!.mode} (measured)`);
  });
});
