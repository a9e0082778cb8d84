// Candidates that throw, hang, call process.exit or kill their worker: each is reported, and the run
// always finishes.
import { beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { runFuzz } from "./run-fuzz.js";
import { SMALL_SCHEMA, writeSchemaCatalog } from "./test-support/temp-catalog.js";

const supportModule = (name: string) => fromRoot("src", "diff", "test-support", `${name}.ts`);
let catalog: string;

beforeAll(async () => {
  catalog = await writeSchemaCatalog("small", SMALL_SCHEMA);
});

const fuzz = (validator: string, extra: Parameters<typeof runFuzz>[0] = {}) =>
  runFuzz({ validator: supportModule(validator), schemas: [catalog], runs: 300, seed: 11, workers: 2, regressions: [], timeoutMs: 250, ...extra });

describe("isolating the candidate", () => {
  it("reports a validate that throws as a shrunk crash", async () => {
    const section = await fuzz("throwing-validator");
    const crashes = section.findings.filter((finding) => finding.direction === "crash");
    // One class per kind of error, whatever the family of the values that met it.
    expect(crashes).toHaveLength(1);
    expect(crashes[0]).toMatchObject({ adjudication: "candidate-wrong", candidate: { valid: null, error: "TypeError: cannot read arrays" } });
    // A smallest value holding an array ({"n":0,"tags":[]}, or n itself flipped to an array): the
    // shrinker drops everything else.
    const instance = crashes[0]!.example.instance as Record<string, unknown>;
    expect(Object.keys(instance).filter((key) => key !== "n" && key !== "tags")).toEqual([]);
    const arrays = Object.values(instance).filter(Array.isArray);
    expect(arrays).toHaveLength(1);
    expect(arrays[0]!.length).toBeLessThanOrEqual(1);
    expect(section.cases).toBe(300);
  });

  it("marks a schema the candidate refuses at compile time as unsupported, not a finding", async () => {
    const withFormat = await writeSchemaCatalog("dated", { type: "object", properties: { on: { type: "string", format: "date" } } });
    const section = await fuzz("throwing-validator", { schemas: [withFormat] });
    expect(section.unsupported).toEqual([{ schemaId: "dated/dated", reason: "unsupported keyword: format" }]);
    expect(section.findings).toEqual([]);
    expect(section.cases).toBe(0);
  });

  it("turns process.exit into a crash on that case and shrinks it", async () => {
    const section = await fuzz("exiting-validator");
    const crashes = section.findings.filter((finding) => finding.direction === "crash");
    expect(crashes).toHaveLength(1);
    expect(crashes[0]!.candidate.error).toContain("process.exit(3)");
    expect(crashes[0]!.example.instance).toEqual({ n: 101 });
    expect(section.cases).toBe(300);
  });

  it("reports a hang as a timeout, replaces the worker and finishes the run", async () => {
    const section = await fuzz("hanging-validator", { runs: 120 });
    const timeouts = section.findings.filter((finding) => finding.direction === "timeout");
    expect(timeouts.length).toBeGreaterThan(0);
    expect(timeouts[0]!.replay).toContain("--timeout-ms 250");
    expect(JSON.stringify(timeouts[0]!.example.instance)).toContain("null");
    // Every case either ran or was the one that hung; a target gives up after five hangs.
    const hung = timeouts.reduce((sum, finding) => sum + finding.count, 0);
    expect(section.cases + hung === 120 || section.unsupported.some((entry) => entry.reason.includes("abandoned"))).toBe(true);
  });

  it("replaces a worker the candidate kills and goes on with the other cases", async () => {
    const section = await fuzz("dying-validator", { runs: 150 });
    const deaths = section.findings.filter((finding) => finding.direction === "crash");
    expect(deaths).toHaveLength(1);
    expect(deaths[0]!.candidate.error).toContain("code 7");
    expect(JSON.stringify(deaths[0]!.example.instance)).toMatch(/\b6[0-3]\d\b|640/);
    expect(section.cases + deaths[0]!.count).toBe(150);
  });
});
