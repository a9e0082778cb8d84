import { describe, expect, it } from "vitest";
import { classifyVersionMove, nextBreakingVersion } from "./version-bump.js";

describe("classifyVersionMove: semver decides whether a version announces a break", () => {
  const cases: [string | null, string | null, string, boolean][] = [
    ["1.2.0", "2.0.0", "major", true],
    ["1.2.0", "1.3.0", "minor", false],
    ["1.2.0", "1.2.1", "patch", false],
    ["1.2.0", "1.2.0", "none", false],
    ["v1.2", "1.2.0", "none", false],
    ["0.9.0", "0.10.0", "minor", true],
    ["0.9.0", "0.9.1", "patch", false],
    ["2.0.0", "1.9.0", "downgrade", false],
    ["2024-05-01", "2024-06-01", "changed", true],
    [null, null, "none", false],
    [null, "1.0.0", "changed", true],
  ];
  for (const [before, after, change, announces] of cases) {
    it(`${before} → ${after}: ${change}${announces ? ", announces a break" : ""}`, () => {
      expect(classifyVersionMove(before, after)).toEqual({ change, announcesBreak: announces });
    });
  }
});

describe("nextBreakingVersion", () => {
  it("is the next major, or the next minor below 1.0.0, or null for non-semver", () => {
    expect([nextBreakingVersion("1.4.2"), nextBreakingVersion("0.3.1"), nextBreakingVersion("2024-05-01"), nextBreakingVersion(null)]).toEqual(["2.0.0", "0.4.0", null, null]);
  });
});
