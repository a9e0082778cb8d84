// A pattern with catastrophic backtracking once stalled fuzz's main thread (97 s for 1,000 runs at
// --timeout-ms 500): rebuilding a lost case ran the generators, and so the pattern, unguarded there.
// Lost cases are now rebuilt in a worker, bounded in time; the run ends with the stall as a finding.
// lite's patterns are linear now and the generators draw short strings, so the stall is forced: a
// candidate that hangs on some values (null anywhere) loses cases of a schema with such a pattern,
// and every lost case is rebuilt while the run goes on.
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { runFuzz } from "./run-fuzz.js";
import { tempFolder, writeSchemaCatalog } from "./test-support/temp-catalog.js";

describe("a catastrophic pattern", () => {
  it("ends the run with the stalls reported, lost cases rebuilt off the main thread", async () => {
    const schema = { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" }, note: { type: ["string", "null"] } }, required: ["s"] };
    const catalog = await writeSchemaCatalog("nested-quantifier", schema);
    const validator = fromRoot("src", "diff", "test-support", "hanging-validator.ts");
    const section = await runFuzz({ validator, schemas: [catalog], runs: 200, seed: 1, workers: 1, regressions: [await tempFolder()], timeoutMs: 300 });
    const stalls = section.findings.filter((finding) => finding.direction === "timeout");
    expect(stalls.length).toBeGreaterThan(0);
    // The target is given up after its hangs, and a candidate that ran nothing is reported broken (exit 1).
    expect(section.unsupported[0]?.reason).toMatch(/hung or killed the worker/);
    expect(section.broken).toMatch(/refused every schema/);
  }, 60_000);

  it("lite itself never stalls on it: its pattern engine is linear", async () => {
    const catalog = await writeSchemaCatalog("nested-quantifier", { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } }, required: ["s"] });
    const section = await runFuzz({ schemas: [catalog], runs: 300, seed: 1, workers: 1, regressions: [await tempFolder()], timeoutMs: 300 });
    // The reference (Ajv, a backtracking engine) may stall on a near miss such as 26 a's and a newline:
    // that is filed as the engine's own stall (feature "engine"), never as lite's.
    expect(section.findings.filter((finding) => finding.direction === "timeout" && finding.feature !== "engine")).toEqual([]);
    expect(section.broken).toBeUndefined();
  }, 60_000);
});
