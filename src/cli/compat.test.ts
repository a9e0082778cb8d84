import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import type { CompatSection } from "../report/model.js";
import { findSchemaViolation } from "../report/validate-results.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

/** A required string the generator cannot draw (longer than it ever makes) beside a list that gains uniqueItems. */
const UNDRAWABLE_OLD = {
  type: "object",
  properties: { code: { type: "string", not: { maxLength: 40 } }, list: { type: "array", items: { type: "integer" } } },
  required: ["code", "list"],
};
const UNDRAWABLE_NEW = { ...UNDRAWABLE_OLD, properties: { ...UNDRAWABLE_OLD.properties, list: { type: "array", items: { type: "integer" }, uniqueItems: true } } };

const evolution = (file: string) => fromRoot("suites", "evolution", file);
const [fitnessOld, fitnessNew] = [evolution("fitness-1.2.0.json"), evolution("fitness-1.3.0.json")];

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(["compat", ...argv], io);
  return { code, ...io };
}

describe("schemalab compat", () => {
  it("reads as a release checklist and exits 1 for a break without a major bump", async () => {
    const { code, stdout } = await run(fitnessOld, fitnessNew);
    expect(code).toBe(1);
    expect(stdout).toContain("✗ fitness/write_measurement  1.2.0 → 1.3.0 (minor)  backward: breaking without a major version bump (release it as 2.0.0");
    expect(stdout).toContain("✗ required-added at /required  [structural, witness built from the diff]");
    expect(stdout).toContain("migration: add `unit` as optional first; make it required in a later major version");
    expect(stdout).toContain("✗ maximum-tightened at /$defs/kilograms/maximum  [structural, witness built from the diff]");
    expect(stdout).toMatch(/counterexample: \{"date":"[^"]+","data":\{"weight_kg":/);
    expect(stdout).toContain("✓ fitness/log_meal");
    expect(stdout).toContain("✓ fitness/get_trends  1.2.0 → 1.3.0 (minor)  backward: compatible (added in NEW)");
    expect(stdout).toMatch(/✓ fitness\/log_meal  1\.2\.0 → 1\.3\.0 \(minor\)  backward: compatible: searched \d+ value\(s\), none breaks/);
    expect(stdout).toContain("1 breaking without a major bump, 0 breaking with one, 0 undetermined, 3 compatible: not ready to release");
    expect(stdout).toContain(`replay: npx schemalab compat ${fitnessOld} ${fitnessNew} --seed 1 --runs 200`);
  });

  it("--format json prints one CompatSection the results schema accepts, the summary on stderr", async () => {
    const { code, stdout, stderr } = await run(fitnessOld, fitnessNew, "--format", "json", "--runs", "50");
    expect(code).toBe(1);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const section = JSON.parse(stdout) as CompatSection;
    expect(findSchemaViolation(section, "section")).toBeUndefined();
    expect(section).toMatchObject({ kind: "compat", seed: 1, runs: 50, added: ["fitness/get_trends"], removed: [] });
    for (const change of section.results.flatMap((r) => r.changes)) expect(Object.keys(change)).toEqual(expect.arrayContaining(["path", "kind", "rule", "migration"]));
    expect(stderr).toMatch(/^compat: 4 check\(s\)/);
  });

  it("the replay line reproduces the same counterexamples", async () => {
    const first = JSON.parse((await run(fitnessOld, fitnessNew, "--format", "json", "--seed", "42", "--runs", "80")).stdout) as CompatSection;
    const replay = first.results.find((r) => r.counterexample)!.counterexample!.replay;
    expect(replay).toBe(`npx schemalab compat ${fitnessOld} ${fitnessNew} --seed 42 --runs 80`);
    const again = JSON.parse((await run(...replay.split(" ").slice(3), "--format", "json")).stdout) as CompatSection;
    expect(again.results.map((r) => r.counterexample?.value)).toEqual(first.results.map((r) => r.counterexample?.value));
  });

  it("exits 0 when the break is announced by a major bump", async () => {
    const { code, stdout } = await run(evolution("invoice-1.4.0.json"), evolution("invoice-2.0.0.json"));
    expect(code).toBe(0);
    expect(stdout).toContain("! invoice/invoice_extraction  1.4.0 → 2.0.0 (major)  forward: breaking, announced by the major bump");
    expect(stdout).toContain("✗ anyOf-branch-added at /properties/payment/anyOf/2");
  });

  it("exits 0 for a compatible release", async () => {
    const { code, stdout } = await run(evolution("support-0.9.0.json"), evolution("support-0.10.0.json"), "--direction", "backward");
    expect(code).toBe(0);
    expect(stdout).toContain("0 breaking without a major bump, 0 breaking with one, 0 undetermined, 3 compatible");
  });

  it("exits 1 on an undetermined verdict, 0 with --allow-undetermined", async () => {
    const folder = mkdtempSync(join(tmpdir(), "schemalab-compat-cli-"));
    const [oldFile, newFile] = [join(folder, "old.json"), join(folder, "new.json")];
    writeFileSync(oldFile, JSON.stringify(UNDRAWABLE_OLD));
    writeFileSync(newFile, JSON.stringify(UNDRAWABLE_NEW));
    const strict = await run(oldFile, newFile);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/\? new\/new  \(no version\) → \(no version\)  backward: undetermined: a search could not run/);
    expect(strict.stdout).toContain("0 breaking without a major bump, 0 breaking with one, 1 undetermined, 0 compatible: not shown safe to release");
    expect((await run(oldFile, newFile, "--allow-undetermined")).code).toBe(0);
  });

  it("exits 2 on bad usage and bad input, naming the file", async () => {
    expect((await run(fitnessOld)).code).toBe(2);
    expect((await run(fitnessOld, fitnessNew, "--direction", "sideways")).stderr).toContain("--direction: expected backward, forward or both");
    expect((await run(fitnessOld, fitnessNew, "--runs", "0")).code).toBe(2);
    const missing = join(fromRoot("suites", "evolution"), "missing.json");
    const { code, stderr } = await run(missing, fitnessNew);
    expect(code).toBe(2);
    expect(stderr).toContain(missing);
  });
});
