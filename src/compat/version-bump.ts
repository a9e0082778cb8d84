// Did the version move enough for what changed? Semver: a breaking change needs a major bump; below
// 1.0.0 a minor bump is the major one (0.y.z promises nothing across minors). A version that is not
// semver (a date, a build id) counts as announced when it changed at all: the rule is only "never
// break without a version change", and only semver says how big a change must be.
import type { VersionChange } from "../report/model.js";

interface Semver {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

// "1", "1.2", "1.2.3", "1.2.3-rc.1+build"; a pre-release only after all three parts, so a date
// (2024-05-01) is not read as major 2024.
const SEMVER = /^v?(\d+)(?:\.(\d+)(?:\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?)?)?$/;

function parseSemver(version: string): Semver | null {
  const match = SEMVER.exec(version.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2] ?? 0), patch: Number(match[3] ?? 0) };
}

export interface VersionMove {
  readonly change: VersionChange;
  /** The move announces a break: a major bump (0.x: a minor one), or a non-semver version that changed. */
  readonly announcesBreak: boolean;
}

export function classifyVersionMove(oldVersion: string | null, newVersion: string | null): VersionMove {
  if (oldVersion === newVersion) return { change: "none", announcesBreak: false };
  const [before, after] = [oldVersion === null ? null : parseSemver(oldVersion), newVersion === null ? null : parseSemver(newVersion)];
  if (before === null || after === null) return { change: "changed", announcesBreak: true };
  const step = [after.major - before.major, after.minor - before.minor, after.patch - before.patch].find((delta) => delta !== 0) ?? 0;
  if (step < 0) return { change: "downgrade", announcesBreak: false };
  if (after.major !== before.major) return { change: "major", announcesBreak: true };
  if (after.minor !== before.minor) return { change: "minor", announcesBreak: before.major === 0 };
  return { change: after.patch !== before.patch ? "patch" : "none", announcesBreak: false };
}

/** The smallest version that announces a break after `version` (2.0.0 after 1.4.2, 0.4.0 after 0.3.1), or null when not semver. */
export function nextBreakingVersion(version: string | null): string | null {
  const parsed = version === null ? null : parseSemver(version);
  if (parsed === null) return null;
  return parsed.major === 0 ? `0.${parsed.minor + 1}.0` : `${parsed.major + 1}.0.0`;
}
