// The probe against a real grammar engine (XGrammar in WASM behind a loopback OpenAI-compatible server):
// for every feature in every mode, the probe's verdict equals the engine's own, `altered` counting as
// right where the engine refused the asked value but let another one through that breaks the keyword.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import { startXGrammarServer, type EngineServerHandle } from "../../providers/openai-compatible/xgrammar-engine-server.js";
import { engineLimitTruth, engineTruthFor, type EngineTruth } from "./engine-ground-truth.js";
import { judgeSample } from "./judge-sample.js";
import { buildProbeDocument, scaffoldFor, standaloneProbeSchema } from "./probe-document.js";
import { scanDuplicateKeys } from "./scan-duplicate-keys.js";
import { loadProbeSuite } from "./probe-suite.js";
import type { ProbeRunSection } from "./run-probe.js";
import { xgrammarSingleFeatureRun } from "./test-support/xgrammar-single-feature-run.js";

// The probe run is the request-budget guard's (one run per vitest run); the server here only lends its engine.
const MODES = ["chat.response_format", "chat.tools", "chat.tools.auto"];
const profile = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;

let server: EngineServerHandle;
let section: ProbeRunSection;

beforeAll(async () => {
  server = await startXGrammarServer();
  ({ section } = await xgrammarSingleFeatureRun());
}, 240_000);

afterAll(async () => server?.close());

async function truths(mode: string): Promise<Map<string, EngineTruth>> {
  const suite = loadProbeSuite();
  const documented = profile.modes.find((known) => known.mode === mode);
  const out = new Map<string, EngineTruth>();
  const truthOf = async (feature: string): Promise<EngineTruth> => {
    const known = out.get(feature);
    if (known) return known;
    const probe = suite.probes.find((candidate) => candidate.feature === feature)!;
    const truth = await engineTruthFor(server.engine, probe, mode, documented, truthOf);
    out.set(feature, truth);
    return truth;
  };
  for (const probe of suite.probes) await truthOf(probe.feature);
  for (const limit of suite.limits) out.set(limit.feature, await engineLimitTruth(server.engine, limit, mode, documented, mode.includes("tools") ? "tool-input" : "structured-output"));
  return out;
}

/**
 * The engine refused the asked value; `altered` is right when what it let through instead breaks the
 * probe's schema as the spec reads it (the engine's rule is looser than the spec, or mangles what the
 * schema allows): judged here from the sample itself, not from the probe's words.
 */
function letsThroughWhatTheSpecRefuses(feature: string, evidence: unknown): boolean {
  const probe = loadProbeSuite().probes.find((candidate) => candidate.feature === feature);
  const samples = (evidence as { samples?: unknown[] }).samples;
  if (probe === undefined || samples === undefined || samples.length === 0) return false;
  return samples.some((sample) => !judgeSample(standaloneProbeSchema(probe), sample).valid);
}

/** Or it wrote a key twice (JSON.parse hides it): the engine's own matcher takes that very text. */
async function letsThroughDuplicateKeys(feature: string, mode: string, evidence: unknown): Promise<boolean> {
  const rawText = (evidence as { rawText?: string }).rawText;
  if (rawText === undefined || scanDuplicateKeys(rawText).length === 0) return false;
  const probe = loadProbeSuite().probes.find((candidate) => candidate.feature === feature)!;
  const document = buildProbeDocument([probe], scaffoldFor(profile.modes.find((known) => known.mode === mode)));
  const compiled = await server.engine.compile(document.schema);
  if (!compiled.ok) return false;
  // A batched reading quotes the whole batch's text: the engine is asked about this probe's part alone.
  const key = document.keys.get(feature)!;
  const part = key === "" ? rawText : partText(rawText, key);
  return part !== null && (await server.engine.accepts(compiled.grammar, key === "" ? part : `{"${key}":${part}}`));
}

/** The raw text of one top-level member's value (strings and nesting respected), or null. */
function partText(rawText: string, key: string): string | null {
  const start = rawText.indexOf(`"${key}":`);
  if (start < 0) return null;
  let at = start + key.length + 3;
  const from = at;
  let depth = 0;
  let inString = false;
  for (; at < rawText.length; at += 1) {
    const char = rawText[at]!;
    if (inString) {
      if (char === "\\") at += 1;
      else if (char === '"') inString = false;
      if (depth === 0 && !inString) return rawText.slice(from, at + 1);
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return rawText.slice(from, at + 1);
      if (depth < 0) return rawText.slice(from, at);
    } else if (char === "," && depth === 0) return rawText.slice(from, at);
  }
  return null;
}

describe("probe vs XGrammar's own verdicts", () => {
  for (const mode of MODES) {
    it(`agrees in ${mode}`, async () => {
      const measured = section.modes.find((known) => known.mode === mode)!.features;
      const table: string[] = [];
      const wrong: string[] = [];
      for (const [feature, truth] of await truths(mode)) {
        const cell = measured[feature];
        const status = cell?.status ?? "missing";
        const agrees =
          status === truth.status ||
          (truth.status === "enforced" && status === "altered" && (letsThroughWhatTheSpecRefuses(feature, cell!.evidence) || (await letsThroughDuplicateKeys(feature, mode, cell!.evidence))));
        const why = status === "altered" || status === "rejected" ? `\t${String((cell?.evidence as { summary?: string }).summary).slice(0, 200)}` : "";
        table.push(`${mode}\t${feature}\t${status}\t${truth.status}\t${agrees ? "agree" : "DISAGREE"}${why}`);
        if (!agrees) wrong.push(`${feature}: probe ${status} (${JSON.stringify(cell?.evidence).slice(0, 300)}), engine ${truth.status} (${truth.why.slice(0, 120)})`);
      }
      if (process.env.SCHEMALAB_AGREEMENT_TABLE) console.log(`${table.join("\n")}\nrequests (all four modes of the shared run): ${section.settings.requestsSent}`);
      expect(wrong).toEqual([]);
    }, 120_000);
  }
});
