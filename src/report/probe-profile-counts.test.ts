// The counts a probe section gives about its profile: the same words in the terminal, summary.md and the page.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProbeStatus, ProfileCellDiff } from "./model.js";
import { formatProbeProfileCounts, probeProfileCounts } from "./probe-profile-counts.js";

const entry = (feature: string, documented: string, measured: ProbeStatus): ProfileCellDiff => ({ mode: "m", feature, documented, measured });

describe("probeProfileCounts", () => {
  it("counts gaps, contradictions and unmeasured cells apart", () => {
    const section = {
      modes: [{ mode: "m", features: { a: { status: "enforced", evidence: {} }, b: { status: "ignored", evidence: {} }, c: { status: "error", evidence: {} } } }] as const,
      diffFromProfile: [entry("b", "enforced", "ignored")],
      measuredWhereUnknown: [entry("a", "unknown", "enforced")],
    };
    const counts = probeProfileCounts(section);
    expect(counts).toEqual({ cells: 3, measuredWhereUnknown: 1, contradictions: 1, notMeasured: 1 });
    expect(formatProbeProfileCounts(counts)).toBe("1 measured where the profile says unknown, 1 contradicts the profile, 1 not measured (error)");
  });

  it("always names both gaps and contradictions, and unmeasured cells only when there are some", () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.nat(1000), (gaps, contradictions, notMeasured) => {
        const text = formatProbeProfileCounts({ cells: gaps + contradictions + notMeasured, measuredWhereUnknown: gaps, contradictions, notMeasured });
        expect(text).toContain(`${gaps} measured where the profile says unknown`);
        expect(text).toContain(`${contradictions} contradict${contradictions === 1 ? "s" : ""} the profile`);
        expect(text.includes("not measured")).toBe(notMeasured > 0);
      }),
    );
  });
});
