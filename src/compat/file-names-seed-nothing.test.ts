// Regression (issue 16): the same pair of schema files gave `breaking` under one pair of file names
// and `compatible` under another. The case: an enum value removed ("Watch"), a maximum tightened
// behind a $ref (400 → 300), and an optional oneOf whose branch 0 alone no value satisfies, which
// stopped every search. Now the structural breaks are built first, the unsatisfiable optional part is
// left out (and said so), and no file name feeds a seed.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CompatResult } from "../report/model.js";
import { runCompat } from "./run-compat.js";

const OLD = {
  type: "object",
  properties: {
    device: { type: "string", enum: ["Phone", "Watch", "Scale"] },
    weight_kg: { type: "number", minimum: 0, maximum: 400 },
    step: { oneOf: [{ type: "integer" }, { type: "number", multipleOf: 0.5 }] },
  },
  required: ["device"],
  additionalProperties: false,
};

const NEW = {
  type: "object",
  properties: {
    device: { type: "string", enum: ["Phone", "Scale"] },
    weight_kg: { $ref: "#/$defs/kilograms" },
    step: { oneOf: [{ type: "integer" }, { type: "number", multipleOf: 0.5 }] },
  },
  required: ["device"],
  additionalProperties: false,
  $defs: { kilograms: { type: "number", minimum: 0, maximum: 300 } },
};

const NAME_PAIRS = [
  ["old.json", "new.json"],
  ["a.json", "b.json"],
  ["measurement-v1.json", "measurement-v2.json"],
  ["zz.json", "aa.json"],
] as const;

/** What a verdict is made of, without the replay line (which names the files). */
function verdictOf(result: CompatResult) {
  return {
    verdict: result.verdict,
    changes: result.changes.map(({ counterexample, ...change }) => ({ ...change, value: counterexample?.value })),
    cases: result.cases,
    notes: result.notes,
  };
}

describe("compat: file names seed nothing", () => {
  const folder = mkdtempSync(join(tmpdir(), "schemalab-file-names-"));

  it("gives one verdict for the issue's pair under any file names, with both breaks built", async () => {
    const verdicts = [];
    for (const [oldName, newName] of NAME_PAIRS) {
      const [oldPath, newPath] = [join(folder, oldName), join(folder, newName)];
      writeFileSync(oldPath, JSON.stringify(OLD));
      writeFileSync(newPath, JSON.stringify(NEW));
      const section = await runCompat({ oldPaths: [oldPath], newPaths: [newPath], seed: 1 });
      verdicts.push(verdictOf(section.results[0]!));
    }
    for (const verdict of verdicts.slice(1)) expect(verdict).toEqual(verdicts[0]);
    const [first] = verdicts;
    expect(first!.verdict).toBe("breaking");
    const confirmed = first!.changes.filter((change) => change.status === "confirmed");
    expect(confirmed.find((change) => change.kind === "enum-value-removed")).toMatchObject({ method: "structural", value: { device: "Watch" } });
    const bound = confirmed.find((change) => change.kind === "maximum-tightened");
    expect(bound).toMatchObject({ method: "structural", path: "/$defs/kilograms/maximum" });
    expect((bound!.value as { weight_kg: number }).weight_kg).toBeGreaterThan(300);
    expect(first!.notes?.some((note) => /left out optional \/properties\/step: no value satisfied oneOf branch 0 alone/.test(note))).toBe(true);
  });
});
