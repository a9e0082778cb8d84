// Probes sent together in one request, each under its own key. Accepted: every probe is judged from its
// own part of each sample, and that verdict counts only when the rest of the answer shows the model
// followed the request (the echo came back as asked, and every other part came back as asked or as a
// conforming repair of it); otherwise the probe goes alone. Enforced and ignored are confirmed alike.
// Refused: the probe the error names is marked rejected and the rest go again; when the error names
// none, adaptive group testing pins each refusal (pin-unnamed-refusals.ts).
import { createHash } from "node:crypto";
import { featureInfo } from "../schema/features.js";
import { classifySamples, MISSING_VALUE } from "./classify-samples.js";
import type { ProbeOutcome } from "./classify-probe-outcome.js";
import { errorCell, type MeasuredCell } from "./probe-cell.js";
import { buildProbeDocument, type ProbeDocument, type ProbeScaffold } from "./probe-document.js";
import { buildProbePrompt } from "./probe-prompt.js";
import type { FeatureProbe } from "./probe-suite.js";
import type { ModeProfile } from "../../providers/profile-types.js";
import { isDeepStrictEqual } from "node:util";
import { judgeSample } from "./judge-sample.js";
import { standaloneProbeSchema } from "./probe-document.js";
import { sendProbeRequest, type ProbeTransport } from "./send-probe-request.js";

export interface ModeContext {
  readonly transport: ProbeTransport;
  readonly mode: string;
  readonly role: "tool-input" | "structured-output";
  readonly scaffold: ProbeScaffold;
  readonly samples: number;
  readonly maxTokens: number;
  readonly documented?: ModeProfile;
}

export async function runProbeBatch(context: ModeContext, probes: readonly FeatureProbe[]): Promise<Map<string, MeasuredCell>> {
  if (probes.length === 0) return new Map();
  const document = buildProbeDocument(probes, context.scaffold);
  const first = await sendSample(context, probes, document, 1);
  if (first.kind === "rejected") return pinRejection(context, probes, document, first);
  if (first.kind === "failed") return probes.length > 1 && first.reason !== "budget" && first.reason !== "auth" ? aloneAfter(context, probes, `the batch failed: ${first.detail}`) : new Map(probes.map((probe) => [probe.feature, failedCell(first)]));
  const rest = await Promise.all(Array.from({ length: context.samples - 1 }, (_, index) => sendSample(context, probes, document, index + 2)));
  const samples = [first, ...rest];
  const cells = judgeSamples(probes, document, samples);
  if (probes.length === 1) return cells;
  const doubtful = probes.filter((probe) => !batchVerdictCounts(probe, probes, document, samples, cells, context.documented));
  if (doubtful.length === 0) return cells;
  const alone = await Promise.all(doubtful.map((probe) => runProbeBatch(context, [probe])));
  doubtful.forEach((probe, index) => {
    const lone = alone[index]!.get(probe.feature)!;
    const inBatch = cells.get(probe.feature)!;
    cells.set(probe.feature, { ...lone, evidence: { ...lone.evidence, confirmedAlone: true, inBatch: { status: inBatch.status, summary: inBatch.evidence.summary } } });
  });
  return cells;
}

async function aloneAfter(context: ModeContext, probes: readonly FeatureProbe[], why: string): Promise<Map<string, MeasuredCell>> {
  const alone = await Promise.all(probes.map((probe) => runProbeBatch(context, [probe])));
  return new Map(probes.map((probe, index) => {
    const cell = alone[index]!.get(probe.feature)!;
    return [probe.feature, { ...cell, evidence: { ...cell.evidence, confirmedAlone: true, inBatch: why } }];
  }));
}

/**
 * A batched verdict counts when every sample shows the model followed the request: the echo came back as
 * asked and every other probe's part came back as asked or conforms to its own schema (a repair of that
 * part alone). A provider that regenerates the whole value when any part breaks a rule fails this, so
 * its verdicts are taken alone. When every part of every sample came back exactly as asked, a verdict
 * of ignored or altered the documentation does not predict is taken alone too: an engine that falls
 * back to free generation for the whole schema (for one feature it cannot compile) looks like that.
 */
function batchVerdictCounts(probe: FeatureProbe, probes: readonly FeatureProbe[], document: ProbeDocument, samples: readonly ProbeOutcome[], cells: ReadonlyMap<string, MeasuredCell>, documented: ModeProfile | undefined): boolean {
  const answered = samples.filter((outcome): outcome is ProbeOutcome & { kind: "answered" } => outcome.kind === "answered");
  if (answered.length < samples.length) return false;
  const asked = document.value as Record<string, unknown>;
  let verbatim = true;
  for (const outcome of answered) {
    if (document.echo !== undefined && partOf(outcome.value, document.echo.key) !== document.echo.value) return false;
    for (const other of probes) {
      const key = document.keys.get(other.feature)!;
      const part = partOf(outcome.value, key);
      if (isDeepStrictEqual(part, asked[key])) continue;
      verbatim = false;
      if (other === probe) continue;
      if (part === MISSING_VALUE || !judgeSample(standaloneProbeSchema(other), part).valid) return false;
    }
  }
  const status = cells.get(probe.feature)?.status;
  if (verbatim && (status === "ignored" || status === "altered") && documented?.features[probe.feature]?.status !== status) return false;
  return true;
}

async function pinRejection(context: ModeContext, probes: readonly FeatureProbe[], document: ProbeDocument, rejection: ProbeOutcome & { kind: "rejected" }): Promise<Map<string, MeasuredCell>> {
  if (probes.length === 1) return new Map([[probes[0]!.feature, rejectedCell(rejection, "refused alone")]]);
  const named = probes.filter((probe) => mentions(rejection.errorText, document.keys.get(probe.feature)!));
  if (named.length === 1) {
    const culprit = named[0]!;
    const others = await runProbeBatch(context, probes.filter((probe) => probe !== culprit));
    return new Map([[culprit.feature, rejectedCell(rejection, `refused in a batch; the error names ${document.keys.get(culprit.feature)}`)], ...others]);
  }
  const middle = Math.ceil(probes.length / 2);
  const halves = await Promise.all([runProbeBatch(context, probes.slice(0, middle)), runProbeBatch(context, probes.slice(middle))]);
  return new Map([...halves[0], ...halves[1]]);
}

function judgeSamples(probes: readonly FeatureProbe[], document: ProbeDocument, outcomes: readonly ProbeOutcome[]): Map<string, MeasuredCell> {
  const answered = outcomes.filter((outcome): outcome is ProbeOutcome & { kind: "answered" } => outcome.kind === "answered");
  const failed = outcomes.filter((outcome) => outcome.kind !== "answered").map(describeFailure);
  const cells = new Map<string, MeasuredCell>();
  for (const probe of probes) {
    const key = document.keys.get(probe.feature)!;
    const parts = answered.map((outcome) => partOf(outcome.value, key));
    const cell = classifySamples(probe, parts);
    cells.set(probe.feature, failed.length === 0 ? cell : { ...cell, evidence: { ...cell.evidence, failedSamples: failed } });
  }
  return cells;
}

/** A probe's own value in a sample: the whole sample for a root probe, else its key. */
function partOf(sample: unknown, key: string): unknown {
  if (key === "") return sample;
  if (sample === null || typeof sample !== "object" || Array.isArray(sample) || !(key in sample)) return MISSING_VALUE;
  return (sample as Record<string, unknown>)[key];
}

function sendSample(context: ModeContext, probes: readonly FeatureProbe[], document: ProbeDocument, sample: number): Promise<ProbeOutcome> {
  const features = probes.map((probe) => probe.feature);
  const keys = [...document.keys.values()].filter((key) => key !== "");
  return sendProbeRequest(context.transport, {
    mode: context.mode,
    role: context.role,
    schema: document.schema,
    prompt: buildProbePrompt(document.value),
    schemaId: `probe/${context.mode}/${features.length === 1 ? features[0] : `batch-${shortHash(keys.join(","))}`}`,
    features,
    hints: [...keys, ...new Set(probes.flatMap((probe) => featureInfo(probe.feature).keywords))],
    maxTokens: context.maxTokens,
    sample,
  });
}

/** The key as a whole word of the error text (`p_format_date` must not match `p_format_date_time`). */
function mentions(text: string, key: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9_])${key}(?![A-Za-z0-9_])`).test(text);
}

function rejectedCell(rejection: ProbeOutcome & { kind: "rejected" }, how: string): MeasuredCell {
  return { status: "rejected", evidence: { summary: `HTTP ${rejection.status}, ${how}: ${rejection.errorText}`, httpStatus: rejection.status, errorType: rejection.errorType, error: rejection.errorText } };
}

function failedCell(outcome: ProbeOutcome): MeasuredCell {
  return errorCell(describeFailure(outcome), outcome.kind === "failed" ? { reason: outcome.reason, ...(outcome.status === undefined ? {} : { httpStatus: outcome.status }) } : {});
}

function describeFailure(outcome: ProbeOutcome): string {
  if (outcome.kind === "failed") return outcome.reason === "budget" ? "budget: not probed, the request budget was spent" : outcome.detail;
  return outcome.kind;
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 8);
}
