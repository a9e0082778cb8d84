import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import type { FuzzSection } from "../report/model.js";
import { workerSpawnOptionsOf } from "./fuzz-worker-boot.js";
import { PrestartedWorkers, runFuzz, type FuzzOptions } from "./run-fuzz.js";
import { SMALL_SCHEMA, writeSchemaCatalog } from "./test-support/temp-catalog.js";

const BUILT = fromRoot("dist", "src", "diff", "run-fuzz.js");

describe("runFuzz", () => {
  it("stops handing out cases when the time budget is spent, and says how many ran", async () => {
    const small = await writeSchemaCatalog("small", SMALL_SCHEMA);
    const section = await runFuzz({ schemas: [small], runs: 1_000_000, seed: 1, workers: 1, regressions: [], maxDurationMs: 1 });
    expect(section.cases).toBeLessThan(1_000_000);
    expect(section.targets[0]!.cases).toBe(section.cases);
  });

  it("fuzzes generated schemas too, with replay lines that rebuild them from the seed", async () => {
    const section = await runFuzz({ schemas: [], generateSchemas: 3, runs: 90, seed: 4, workers: 2, regressions: [] });
    expect(section.targets.map((target) => target.schemaId)).toEqual(["generated/0", "generated/1", "generated/2"]);
    expect(section.cases + section.unsupported.length * 30).toBe(90);
    for (const finding of section.findings) expect(finding.replay).toContain("--generate-schemas 3 --schema-id generated/");
  });

  it("runs on workers spawned before it, and its clock starts at their spawn", async () => {
    const options: FuzzOptions = { validator: "ajv", schemas: [fromRoot("suites", "catalogs", "fitness.json")], runs: 40, seed: 2, workers: 1, regressions: [] };
    const prestarted = new PrestartedWorkers(workerSpawnOptionsOf(options), 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const section = await runFuzz({ ...options, prestarted });
    expect(section).toMatchObject({ kind: "fuzz", cases: 40 });
    expect(prestarted.take()).toBeUndefined();
    expect(section.stats.durationMs).toBeGreaterThanOrEqual(200);
    expect(section.stats.startupMs!.workersReady).toBeGreaterThanOrEqual(section.stats.startupMs!.read);
  });

  it("ends workers spawned for other validators and runs on its own", async () => {
    const options: FuzzOptions = { validator: "ajv", schemas: [fromRoot("suites", "catalogs", "fitness.json")], runs: 40, seed: 2, workers: 1, regressions: [] };
    const other = new PrestartedWorkers(workerSpawnOptionsOf({ ...options, validator: "lite" }), 1);
    const section = await runFuzz({ ...options, prestarted: other });
    expect(section).toMatchObject({ kind: "fuzz", validator: "ajv", cases: 40 });
    expect(other.take()).toBeUndefined();
  });

  // The CLI runs the built JS, whose workers start from dist/ without tsx: checked once `npm run build` has run.
  it.skipIf(!existsSync(BUILT))("runs its workers from the built JS in dist/", async () => {
    const built = (await import(pathToFileURL(BUILT).href)) as { runFuzz: (options: FuzzOptions) => Promise<FuzzSection> };
    const section = await built.runFuzz({ validator: "ajv", schemas: [fromRoot("suites", "catalogs", "fitness.json")], runs: 60, seed: 1, workers: 1, regressions: [] });
    expect(section).toMatchObject({ kind: "fuzz", cases: 60, findings: [] });
  });

  // From dist/, workers start from the one-file bundle while it is fresh (npm run build): it must find
  // exactly what the modules find. (With a stale bundle both runs take the modules.)
  it.skipIf(!existsSync(BUILT))("finds the same from the worker bundle as from the modules", async () => {
    const built = (await import(pathToFileURL(BUILT).href)) as { runFuzz: (options: FuzzOptions) => Promise<FuzzSection> };
    const options: FuzzOptions = { schemas: [fromRoot("suites", "catalogs", "calendar.json")], runs: 400, seed: 1, workers: 1, regressions: [] };
    const { stats: bundleStats, ...fromBundle } = await built.runFuzz(options);
    const previous = process.env.SCHEMALAB_FUZZ_WORKER;
    process.env.SCHEMALAB_FUZZ_WORKER = "modules";
    try {
      const { stats: moduleStats, ...fromModules } = await built.runFuzz(options);
      expect(fromBundle).toEqual(fromModules);
      expect(bundleStats.validShare).toBe(moduleStats.validShare);
    } finally {
      if (previous === undefined) delete process.env.SCHEMALAB_FUZZ_WORKER;
      else process.env.SCHEMALAB_FUZZ_WORKER = previous;
    }
  });
});
