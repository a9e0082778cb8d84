import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import type { CompatResult, CompatSection } from "../report/model.js";
import { CatalogError } from "../schema/catalog-error.js";
import { loadCatalogFile } from "../schema/load-catalog.js";
import type { DeclaredSchema } from "../schema/types.js";
import { compileReferenceCheck } from "./reference-check.js";
import { pairSchemas } from "./pair-schemas.js";
import { runCompat } from "./run-compat.js";
import { constructWitnesses } from "./construct-witness.js";
import { diffStructure } from "./structural-diff.js";

const evolution = (file: string) => fromRoot("suites", "evolution", file);
const resultFor = (section: CompatSection, schemaId: string, direction = "backward"): CompatResult => {
  const result = section.results.find((r) => r.schemaId === schemaId && r.direction === direction);
  if (!result) throw new Error(`no ${direction} result for ${schemaId}`);
  return result;
};

async function schemaOf(file: string, id: string): Promise<DeclaredSchema> {
  const found = (await loadCatalogFile(file)).find((schema) => schema.id === id);
  if (!found) throw new Error(`${id} not in ${file}`);
  return found;
}

describe("runCompat over suites/evolution", () => {
  it("fitness 1.2.0 → 1.3.0: unit made required and a maximum tightened behind a $ref, with only a minor bump", async () => {
    const section = await runCompat({ oldPaths: [evolution("fitness-1.2.0.json")], newPaths: [evolution("fitness-1.3.0.json")] });
    const write = resultFor(section, "fitness/write_measurement");
    expect(write).toMatchObject({ verdict: "breaking", versionBumped: false, versionChange: "minor", oldVersion: "1.2.0", newVersion: "1.3.0" });
    const confirmed = write.changes.filter((c) => c.status === "confirmed").map((c) => `${c.method}:${c.kind}:${c.path}`);
    expect(confirmed).toEqual([
      "structural:maximum-tightened:/$defs/kilograms/maximum",
      "structural:ref-target-changed:/properties/data/properties/weight_kg/$ref",
      "structural:required-added:/required",
    ]);
    expect(write.changes.find((c) => c.kind === "required-added")!.migration).toMatch(/add `unit` as optional first/);
    expect(resultFor(section, "fitness/log_meal").verdict).toBe("compatible");
    expect(resultFor(section, "fitness/get_measurements")).toMatchObject({ verdict: "compatible", notes: ["unchanged"] });
    expect(section.added).toEqual(["fitness/get_trends"]);
    expect(resultFor(section, "fitness/get_trends")).toMatchObject({ verdict: "compatible", notes: ["added in NEW"] });
  });

  it("every counterexample reproduces against the catalogs as loaded", async () => {
    const [oldFile, newFile] = [evolution("fitness-1.2.0.json"), evolution("fitness-1.3.0.json")];
    const section = await runCompat({ oldPaths: [oldFile], newPaths: [newFile] });
    const [before, after] = [await schemaOf(oldFile, "fitness/write_measurement"), await schemaOf(newFile, "fitness/write_measurement")];
    const examples = resultFor(section, "fitness/write_measurement").changes.flatMap((c) => (c.counterexample ? [c.counterexample] : []));
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const { value, replay } of examples) {
      expect(compileReferenceCheck(before.schema)(value).valid).toBe(true);
      expect(compileReferenceCheck(after.schema)(value).valid).toBe(false);
      expect(replay).toBe(`npx schemalab compat ${oldFile} ${newFile} --seed 1 --runs 200`);
    }
  });

  it("invoice 1.4.0 → 2.0.0: a structured output, checked forward by default; the break is announced by the major bump", async () => {
    const section = await runCompat({ oldPaths: [evolution("invoice-1.4.0.json")], newPaths: [evolution("invoice-2.0.0.json")] });
    expect(section.results.map((r) => r.direction)).toEqual(["forward"]);
    const result = resultFor(section, "invoice/invoice_extraction", "forward");
    expect(result).toMatchObject({ verdict: "breaking", versionBumped: true, versionChange: "major" });
    expect(result.changes.filter((c) => c.status === "confirmed").map((c) => c.kind)).toEqual(["anyOf-branch-added"]);
  });

  it("invoice with --direction both: the narrowed currency enum breaks old callers too", async () => {
    const section = await runCompat({ oldPaths: [evolution("invoice-1.4.0.json")], newPaths: [evolution("invoice-2.0.0.json")], direction: "both" });
    const backward = resultFor(section, "invoice/invoice_extraction", "backward");
    expect(backward.changes.map((c) => c.kind)).toEqual(["enum-value-removed"]);
    expect(["JPY", "SEK", "NOK", "DKK", "PLN", "MXN", "BRL"]).toContain((backward.counterexample!.value as { currency: string }).currency);
  });

  it("support 0.9.0 → 0.10.0 only adds an optional field to a closed object: compatible", async () => {
    const section = await runCompat({ oldPaths: [evolution("support-0.9.0.json")], newPaths: [evolution("support-0.10.0.json")] });
    expect(section.results.map((r) => r.verdict)).toEqual(["compatible", "compatible", "compatible"]);
    expect(resultFor(section, "support/route_ticket").changes).toEqual([]);
  });

  it("going back from 1.3.0 to 1.2.0 removes a tool: breaking backward, no counterexample needed", async () => {
    const section = await runCompat({ oldPaths: [evolution("fitness-1.3.0.json")], newPaths: [evolution("fitness-1.2.0.json")] });
    expect(section.removed).toEqual(["fitness/get_trends"]);
    expect(resultFor(section, "fitness/get_trends")).toMatchObject({
      verdict: "breaking",
      versionChange: "downgrade",
      changes: [{ kind: "tool-removed", status: "confirmed", method: "structural" }],
    });
  });

  it("the same seed gives the same section; another seed may pick other counterexamples but the same verdicts", async () => {
    const options = { oldPaths: [evolution("fitness-1.2.0.json")], newPaths: [evolution("fitness-1.3.0.json")], runs: 100 };
    const [first, again, other] = [await runCompat({ ...options, seed: 5 }), await runCompat({ ...options, seed: 5 }), await runCompat({ ...options, seed: 6 })];
    expect(again).toEqual(first);
    expect(other.results.map((r) => r.verdict)).toEqual(first.results.map((r) => r.verdict));
  });
});

describe("suites/evolution: every structural break is witnessed without random search", () => {
  const PAIRS = [
    ["fitness-1.2.0.json", "fitness-1.3.0.json"],
    ["fitness-1.3.0.json", "fitness-1.2.0.json"],
    ["invoice-1.4.0.json", "invoice-2.0.0.json"],
    ["support-0.9.0.json", "support-0.10.0.json"],
  ] as const;

  for (const [oldName, newName] of PAIRS) {
    it(`${oldName} → ${newName}, both directions`, async () => {
      const section = await runCompat({ oldPaths: [evolution(oldName)], newPaths: [evolution(newName)], direction: "both" });
      const [olds, news] = [await loadCatalogFile(evolution(oldName)), await loadCatalogFile(evolution(newName))];
      for (const result of section.results) {
        expect(result.verdict).not.toBe("undetermined");
        const structural = result.changes.filter((change) => change.method === "structural" && change.status === "confirmed" && change.kind !== "tool-removed");
        for (const change of structural) expect(change, `${result.schemaId} ${result.direction} ${change.kind}`).toMatchObject({ witnessedBy: "construction" });
        const [before, after] = [olds.find((s) => s.name === result.schemaId.split("/")[1]), news.find((s) => s.name === result.schemaId.split("/")[1])];
        if (!before || !after || structural.length === 0) continue;
        const [source, target] = result.direction === "backward" ? [before.schema, after.schema] : [after.schema, before.schema];
        const [accepts, rejects] = [compileReferenceCheck(source), compileReferenceCheck(target)];
        const built = constructWitnesses(diffStructure(source, target), accepts, rejects).witnesses;
        expect(built.length).toBeGreaterThan(0);
        for (const witness of built) expect([accepts(witness.value).valid, rejects(witness.value).valid]).toEqual([true, false]);
      }
    });
  }
});

describe("runCompat: bad input", () => {
  const folder = mkdtempSync(join(tmpdir(), "schemalab-compat-"));

  it("a schema Ajv cannot compile is a CatalogError naming the file and place", async () => {
    const broken = join(folder, "broken.json");
    writeFileSync(broken, JSON.stringify({ type: "object", properties: { a: { type: "strnig" } } }));
    const error = await runCompat({ oldPaths: [broken], newPaths: [evolution("fitness-1.2.0.json")] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).file).toBe(broken);
    expect((error as CatalogError).message).toMatch(/Ajv cannot compile/);
  });

  it("a missing file is a CatalogError", async () => {
    await expect(runCompat({ oldPaths: [join(folder, "nope.json")], newPaths: [evolution("fitness-1.2.0.json")] })).rejects.toBeInstanceOf(CatalogError);
  });
});

describe("pairSchemas", () => {
  const schema = (id: string): DeclaredSchema => ({
    id,
    name: id.split("/")[1]!,
    version: null,
    source: { file: `${id}.json`, format: "schema", pointer: "" },
    schema: {},
    role: "tool-input",
      dialect: "draft2020-12",
  });
  const ids = (list: readonly DeclaredSchema[]) => list.map((s) => s.id);

  it("pairs by id, then by tool name across differently named catalogs", () => {
    const pairing = pairSchemas([schema("a/x"), schema("old/y"), schema("a/gone")], [schema("a/x"), schema("new/y"), schema("a/fresh")]);
    expect(pairing.pairs.map((p) => `${p.old.id}=${p.new.id}`)).toEqual(["a/x=a/x", "old/y=new/y"]);
    expect([ids(pairing.removed), ids(pairing.added)]).toEqual([["a/gone"], ["a/fresh"]]);
  });

  it("never pairs by a tool name two schemas share on one side", () => {
    const pairing = pairSchemas([schema("p/y"), schema("q/y")], [schema("r/y"), schema("s/z")]);
    expect(pairing.pairs).toEqual([]);
  });

  it("always pairs two single schemas", () => {
    expect(pairSchemas([schema("a/x")], [schema("b/renamed")]).pairs).toHaveLength(1);
  });
});
