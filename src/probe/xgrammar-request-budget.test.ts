// Cost guard: the single-feature suite in four modes against the XGrammar-backed server (constrained
// response_format and tools, auto tools, and a mode the profile does not document) stays within 150
// requests. It took 269 when every batch whose answer did not echo back was redone probe by probe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import { startXGrammarServer, type EngineServerHandle } from "../../providers/openai-compatible/xgrammar-engine-server.js";
import { runProbe, type ProbeRunSection } from "./run-probe.js";

const MODES = ["chat.response_format", "chat.tools", "chat.tools.auto", "chat.response_format.strict"];
const profile = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;
let server: EngineServerHandle;
let section: ProbeRunSection;

beforeAll(async () => {
  server = await startXGrammarServer();
  section = await runProbe({ provider: "openai-compatible", model: "xgrammar-bytes", baseUrl: server.baseUrl, modes: MODES, profile, maxRequests: 2000, concurrency: 2 });
}, 120_000);

afterAll(async () => server?.close());

describe("the single-feature suite on the XGrammar server", () => {
  it("takes at most 150 requests in four modes, every cell read", () => {
    const perMode = Object.fromEntries(MODES.map((mode) => [mode, section.records.filter((record) => record.requestedMode === mode).length]));
    if (process.env.SCHEMALAB_AGREEMENT_TABLE) console.log(`requests ${section.settings.requestsSent}: ${JSON.stringify(perMode)}`);
    expect(section.settings.requestsSent).toBeLessThanOrEqual(150);
    expect(server.requestCount()).toBe(section.settings.requestsSent);
    for (const mode of section.modes) expect(Object.values(mode.features).filter((cell) => cell.status === "error")).toEqual([]);
  });
});
