// Every fact in a profile says where it was read: a source (URL or repository path), a short quote,
// the date read and whether it is documented or observed; conflicting sources make the cell unknown.
import { describe, expect, it } from "vitest";
import { listProfileFiles, loadProfiles, ProfileError, validateProfile } from "./load-profiles.js";
import type { Citation, FeatureCell, ProviderProfile } from "./profile-types.js";

const SOURCE = /^(https:\/\/\S+|[A-Za-z0-9][\w.-]*\/[\w.-]+:[^\s/]\S*)$/;

function citationsOf(profile: ProviderProfile): { where: string; citation: Citation }[] {
  return profile.modes.flatMap((mode) => [
    ...Object.entries(mode.features).flatMap(([feature, cell]) => [
      { where: `${profile.provider}:${mode.mode} ${feature}`, citation: cell as Citation },
      ...(cell.conflicting ?? []).map((other) => ({ where: `${profile.provider}:${mode.mode} ${feature} (conflicting)`, citation: other })),
    ]),
    { where: `${profile.provider}:${mode.mode} limitSource`, citation: mode.limitSource },
    { where: `${profile.provider}:${mode.mode} ruleSource`, citation: mode.ruleSource },
  ]);
}

function withCell(profile: ProviderProfile, feature: string, cell: unknown): unknown {
  const [first, ...rest] = profile.modes;
  return { ...profile, modes: [{ ...first!, features: { ...first!.features, [feature]: cell } }, ...rest] };
}

describe("cell provenance", () => {
  const profiles = loadProfiles();

  it("finds every profile file", () => {
    expect(profiles.length).toBe(listProfileFiles().length);
  });

  it("gives every cell, limit set and rule set a real source, a quote, the date read and its evidence", () => {
    const faults: string[] = [];
    for (const profile of profiles) {
      for (const { where, citation } of citationsOf(profile)) {
        if (!SOURCE.test(citation.source) || /^\/|providers\.md|\/work\//.test(citation.source)) faults.push(`${where}: source '${citation.source}'`);
        if (citation.quote.length < 4 || citation.quote.length > 400) faults.push(`${where}: quote '${citation.quote}'`);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(citation.date)) faults.push(`${where}: date '${citation.date}'`);
        if (citation.evidence !== "documented" && citation.evidence !== "observed") faults.push(`${where}: evidence '${String(citation.evidence)}'`);
      }
    }
    expect(faults).toEqual([]);
  });

  it("lists in `sources` exactly the sources its cells cite", () => {
    for (const profile of profiles) {
      const cited = new Set(citationsOf(profile).map(({ citation }) => citation.source));
      expect(new Set(profile.sources), profile.provider).toEqual(cited);
    }
  });

  it("marks a cell whose sources disagree as unknown, citing each", () => {
    for (const profile of profiles) {
      for (const mode of profile.modes) {
        for (const [feature, cell] of Object.entries(mode.features)) {
          if (cell.conflicting === undefined) continue;
          expect(cell.status, `${profile.provider}:${mode.mode} ${feature}`).toBe("unknown");
          for (const other of cell.conflicting) expect(other.source).not.toBe(cell.source);
        }
      }
    }
  });

  it("refuses a profile with a cell that has no source, no quote, no evidence or a local path", () => {
    const profile = profiles.find((known) => known.provider === "openai")!;
    const cell = profile.modes[0]!.features["type:string"] as FeatureCell;
    const { source: _source, ...noSource } = cell;
    const { quote: _quote, ...noQuote } = cell;
    const { evidence: _evidence, ...noEvidence } = cell;
    for (const broken of [noSource, noQuote, noEvidence, { ...cell, source: "/work/shared/providers.md §1.3" }, { ...cell, source: "providers.md §1.3" }]) {
      expect(() => validateProfile(withCell(profile, "type:string", broken), "broken.json")).toThrow(ProfileError);
    }
    expect(() => validateProfile(withCell(profile, "type:string", cell), "fine.json")).not.toThrow();
  });

  it("refuses a conflicting citation on a cell that claims a status", () => {
    const profile = profiles.find((known) => known.provider === "openai")!;
    const cell = profile.modes[0]!.features["type:string"] as FeatureCell;
    const other: Citation = { source: "https://example.test/other", quote: "says otherwise", date: "2026-12-01", evidence: "documented" };
    expect(() => validateProfile(withCell(profile, "type:string", { ...cell, conflicting: [other] }), "conflict.json")).toThrow(ProfileError);
    expect(() => validateProfile(withCell(profile, "type:string", { ...cell, status: "unknown", conflicting: [other] }), "conflict.json")).not.toThrow();
  });
});
