// A pattern with catastrophic backtracking once stalled fuzz's main thread (97 s for 1,000 runs at
// --timeout-ms 500): rebuilding a lost case ran the generators, and so the pattern, unguarded there.
// Lost cases are now rebuilt in a worker, bounded in time; the run ends with the stall as a finding.
import { describe, expect, it } from "vitest";
import { runFuzz } from "./run-fuzz.js";
import { tempFolder, writeSchemaCatalog } from "./test-support/temp-catalog.js";

describe("a catastrophic pattern", () => {
  it("ends the run with the stall reported, the main thread never running the pattern", async () => {
    const catalog = await writeSchemaCatalog("nested-quantifier", { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } }, required: ["s"] });
    // Default breaker (8 lost workers): the pattern-anchoring near miss ("aaa…x") stalls any backtracking
    // engine, lite included, so each stall is the candidate's and counts toward its breaker (at most 5 per
    // target before the target is given up). One pathological schema is no reason to declare lite broken.
    const section = await runFuzz({ schemas: [catalog], runs: 300, seed: 1, workers: 1, regressions: [await tempFolder()], timeoutMs: 300 });
    const stalls = section.findings.filter((finding) => finding.direction === "timeout");
    expect(stalls.length).toBeGreaterThan(0);
    expect(section.broken).toBeUndefined();
  }, 60_000);
});
