// Keyword pairs against the real grammar engine (XGrammar in WASM behind the loopback server): each
// pair direction's reading equals the engine's own (it compiles the pair's schema and its matcher
// takes or refuses the asked value), and the engine's known loss reads right: this XGrammar drops
// minLength/maxLength under a pattern ("Specifying pattern and minLength/maxLength/format is not
// supported yet, ignoring minLength/maxLength/format"), so minLength+pattern reads ignored with
// minLength lost, while minLength alone reads enforced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProfiles } from "../../../providers/profiles/load-profiles.js";
import { startXGrammarServer, type EngineServerHandle } from "../../../providers/openai-compatible/xgrammar-engine-server.js";
import { engineTruthFor } from "../engine-ground-truth.js";
import { judgeSample } from "../judge-sample.js";
import { standaloneProbeSchema } from "../probe-document.js";
import { runProbe, type ProbeRunSection } from "../run-probe.js";
import { buildPairProbes } from "./pair-suite.js";
import { interactingPairs } from "./probe-pairs.js";

const MODE = "chat.response_format";
const profile = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;
let server: EngineServerHandle;
let section: ProbeRunSection;

beforeAll(async () => {
  server = await startXGrammarServer();
  section = await runProbe({ provider: "openai-compatible", model: "xgrammar-bytes", baseUrl: server.baseUrl, modes: [MODE], profile, pairs: "also", maxRequests: 2000, concurrency: 2 });
}, 120_000);

afterAll(async () => server?.close());

describe("keyword pairs on XGrammar", () => {
  it("reads the lengths lost under a pattern, and marks the pair as interacting", () => {
    const mode = section.modes[0]!;
    expect(mode.features.minLength!.status).toBe("enforced");
    expect(mode.features.maxLength!.status).toBe("enforced");
    const cell = mode.pairs!["minLength+pattern"]!;
    expect(cell.status).toBe("ignored");
    const directions = (cell.evidence as { directions: { broken: string; status: string }[] }).directions;
    expect(directions.find((direction) => direction.broken === "minLength")!.status).toBe("ignored");
    expect(interactingPairs(mode.pairs)).toEqual(expect.arrayContaining(["minLength+pattern", "maxLength+pattern"]));
  });

  it("agrees with the engine's own verdict in every pair direction", async () => {
    const documented = profile.modes.find((known) => known.mode === MODE);
    const wrong: string[] = [];
    for (const probe of buildPairProbes()) {
      const truth = await engineTruthFor(server.engine, probe, MODE, documented, async () => ({ status: "enforced", why: "" }));
      const directions = (section.modes[0]!.pairs![probe.pair]!.evidence as { directions: { broken: string; status: string; evidence: { samples?: unknown[]; duplicateKeys?: unknown[] } }[] }).directions;
      const measured = directions.find((direction) => direction.broken === probe.broken)!;
      // altered is right where the engine refused the asked value but let through another that breaks the schema.
      // Or it wrote a key twice in the part (the engine's text under propertyNames; JSON.parse hides it).
      const looser =
        measured.status === "altered" &&
        truth.status === "enforced" &&
        ((measured.evidence.samples ?? []).some((sample) => !judgeSample(standaloneProbeSchema(probe), sample).valid) || (measured.evidence.duplicateKeys ?? []).length > 0);
      if (measured.status !== truth.status && !looser) wrong.push(`${probe.feature}: probe ${measured.status}, engine ${truth.status} (${truth.why})`);
    }
    expect(wrong).toEqual([]);
  });

  it("costs fewer requests than there are pair directions", () => {
    const pairRequests = section.records.filter((record) => record.features.some((feature) => feature.includes("+"))).length;
    expect(pairRequests).toBeLessThan(buildPairProbes().length / 2);
  });
});
