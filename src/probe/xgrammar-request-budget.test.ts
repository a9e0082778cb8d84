// Cost guard: the single-feature suite in four modes against the XGrammar-backed server (constrained
// response_format and tools, auto tools, and a mode the profile does not document) stays within 150
// requests. It took 269 when every batch whose answer did not echo back was redone probe by probe.
// The run is shared with real-engine-agreement.test.ts (computed once per vitest run).
import { beforeAll, describe, expect, it } from "vitest";
import type { ProbeRunSection } from "./run-probe.js";
import { XGRAMMAR_MODES as MODES, xgrammarSingleFeatureRun } from "./test-support/xgrammar-single-feature-run.js";

let section: ProbeRunSection;
let serverRequests: number;

beforeAll(async () => {
  ({ section, serverRequests } = await xgrammarSingleFeatureRun());
}, 240_000);

describe("the single-feature suite on the XGrammar server", () => {
  it("takes at most 150 requests in four modes, every cell read", () => {
    const perMode = Object.fromEntries(MODES.map((mode) => [mode, section.records.filter((record) => record.requestedMode === mode).length]));
    if (process.env.SCHEMALAB_AGREEMENT_TABLE) console.log(`requests ${section.settings.requestsSent}: ${JSON.stringify(perMode)}`);
    expect(section.settings.requestsSent).toBeLessThanOrEqual(150);
    expect(serverRequests).toBe(section.settings.requestsSent);
    for (const mode of section.modes) expect(Object.values(mode.features).filter((cell) => cell.status === "error")).toEqual([]);
  });
});
