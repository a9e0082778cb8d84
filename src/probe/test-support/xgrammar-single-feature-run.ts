// The single-feature suite in four modes against the XGrammar-backed server (vLLM sub-profile): one run
// per vitest run, read by the request-budget guard and by the real-engine agreement test.
import { loadProfiles } from "../../../providers/profiles/load-profiles.js";
import { startXGrammarServer } from "../../../providers/openai-compatible/xgrammar-engine-server.js";
import { runProbe, type ProbeRunSection } from "../run-probe.js";
import { sharedFixture } from "./shared-fixture.js";

export const XGRAMMAR_MODES = ["chat.response_format", "chat.tools", "chat.tools.auto", "chat.response_format.strict"];

export interface XGrammarSingleFeatureRun {
  readonly section: ProbeRunSection;
  /** Requests the server answered (any status): the probe's own count must match it. */
  readonly serverRequests: number;
}

export function xgrammarSingleFeatureRun(): Promise<XGrammarSingleFeatureRun> {
  return sharedFixture("xgrammar-single-feature-4-modes", async () => {
    const profile = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;
    const server = await startXGrammarServer();
    try {
      const section = await runProbe({ provider: "openai-compatible", model: "xgrammar-bytes", baseUrl: server.baseUrl, modes: XGRAMMAR_MODES, profile, maxRequests: 2000, concurrency: 2 });
      return { section, serverRequests: server.requestCount() };
    } finally {
      await server.close();
    }
  });
}
