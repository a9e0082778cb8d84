// Tools present on one side only. A removed tool breaks every old call that names it (backward),
// with no counterexample needed; for old consumers (forward) it leaves nothing new to read. An added
// tool breaks nothing old in either direction.
import type { CompatResult } from "../report/model.js";
import type { DeclaredSchema } from "../schema/types.js";
import { describeChange } from "./change-rules.js";
import type { CompatDirection } from "./compat-types.js";
import { classifyVersionMove } from "./version-bump.js";

/** The version every schema on one side shares (a catalog's `version`), else null. */
export function sharedVersion(schemas: readonly DeclaredSchema[]): string | null {
  const versions = new Set(schemas.map((schema) => schema.version));
  return versions.size === 1 ? [...versions][0]! : null;
}

export function removedToolResult(old: DeclaredSchema, direction: CompatDirection, newVersion: string | null): CompatResult {
  const move = classifyVersionMove(old.version, newVersion);
  const base = { schemaId: old.id, oldVersion: old.version, newVersion, direction, versionBumped: move.announcesBreak, versionChange: move.change };
  if (direction === "forward") return { ...base, verdict: "compatible", changes: [], notes: ["removed in NEW: nothing new for old consumers to read"] };
  const wording = describeChange("tool-removed", { keyword: "tool", name: old.name }, direction);
  return { ...base, verdict: "breaking", changes: [{ path: "", ...wording, method: "structural", status: "confirmed" }], notes: ["removed in NEW"] };
}

export function addedToolResult(added: DeclaredSchema, direction: CompatDirection, oldVersion: string | null): CompatResult {
  const move = classifyVersionMove(oldVersion, added.version);
  return {
    schemaId: added.id,
    oldVersion,
    newVersion: added.version,
    direction,
    verdict: "compatible",
    versionBumped: move.announcesBreak,
    versionChange: move.change,
    changes: [],
    notes: ["added in NEW"],
  };
}
