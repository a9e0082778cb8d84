// The verdict a grammar engine gives itself, without HTTP: does it compile the probe's schema (as the
// probe sends it alone), and does its matcher take the asked value. What the probe must agree with when
// it measures a server that decodes through that engine. Unconstrained modes (tool_choice auto) compile
// nothing and take every value.
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import type { XGrammarEngine } from "../../providers/openai-compatible/xgrammar-engine.js";
import type { ProbeStatus } from "../report/model.js";
import { buildLimitRequest } from "./build-limit-schema.js";
import { buildProbeDocument, scaffoldFor } from "./probe-document.js";
import type { FeatureProbe, LimitProbe } from "./probe-suite.js";

export interface EngineTruth {
  readonly status: ProbeStatus;
  readonly why: string;
}

/** Under these modes the server decodes through the grammar. */
export function isConstrainedMode(mode: string): boolean {
  return !mode.endsWith(".auto");
}

export async function engineTruthFor(engine: XGrammarEngine, probe: FeatureProbe, mode: string, documented: ModeProfile | undefined, companions: (feature: string) => Promise<EngineTruth>): Promise<EngineTruth> {
  const document = buildProbeDocument([probe], scaffoldFor(documented));
  let takesAsked = true;
  if (isConstrainedMode(mode)) {
    const compiled = await engine.compile(document.schema);
    if (!compiled.ok) return { status: "rejected", why: compiled.error };
    takesAsked = await engine.accepts(compiled.grammar, JSON.stringify(document.value));
  }
  // The asked order refused means the engine imposes the declared one (the only order its grammar writes).
  if (probe.classifier === "property-order") return takesAsked ? { status: "ignored", why: "the matcher takes the asked order" } : { status: "enforced", why: "the matcher refuses the asked order" };
  if (probe.kind === "violation") return takesAsked ? { status: "ignored", why: "the matcher takes the asked value" } : { status: "enforced", why: "the matcher refuses the asked value" };
  if (!takesAsked) return { status: "altered", why: "the matcher refuses a value the schema allows" };
  if (probe.companion === undefined) return { status: "enforced", why: "compiled, and the matcher takes the asked value" };
  const companion = await companions(probe.companion);
  return companion.status === "ignored" ? { status: "ignored", why: `${probe.companion} is ignored` } : { status: "enforced", why: `${probe.companion} is ${companion.status}` };
}

/** A limit: the engine compiles the probe's shape at its ceiling (no limit met) or not. */
export async function engineLimitTruth(engine: XGrammarEngine, probe: LimitProbe, mode: string, documented: ModeProfile | undefined, role: "tool-input" | "structured-output"): Promise<EngineTruth> {
  if (probe.shape === "tools" || !isConstrainedMode(mode)) return { status: "enforced", why: "nothing the engine compiles is limited here" };
  const compiled = await engine.compile(buildLimitRequest(probe.shape, probe.ceiling, scaffoldFor(documented)).schema);
  void role;
  return compiled.ok ? { status: "enforced", why: `compiled at ${probe.ceiling}` } : { status: "rejected", why: compiled.error };
}
