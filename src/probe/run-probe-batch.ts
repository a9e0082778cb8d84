// Probes sent together in one request, each under its own key. Accepted: every probe is judged from its
// own part of each sample. Refused: the probe the error names is marked rejected and the rest go again;
// when the error names none, the batch is split in halves until each refusal is pinned on one probe.
import { createHash } from "node:crypto";
import { featureInfo } from "../schema/features.js";
import { classifySamples, MISSING_VALUE } from "./classify-samples.js";
import type { ProbeOutcome } from "./classify-probe-outcome.js";
import { errorCell, type MeasuredCell } from "./probe-cell.js";
import { buildProbeDocument, type ProbeDocument, type ProbeScaffold } from "./probe-document.js";
import { buildProbePrompt } from "./probe-prompt.js";
import type { FeatureProbe } from "./probe-suite.js";
import { sendProbeRequest, type ProbeTransport } from "./send-probe-request.js";

export interface ModeContext {
  readonly transport: ProbeTransport;
  readonly mode: string;
  readonly role: "tool-input" | "structured-output";
  readonly scaffold: ProbeScaffold;
  readonly samples: number;
  readonly maxTokens: number;
}

export async function runProbeBatch(context: ModeContext, probes: readonly FeatureProbe[]): Promise<Map<string, MeasuredCell>> {
  if (probes.length === 0) return new Map();
  const document = buildProbeDocument(probes, context.scaffold);
  const first = await sendSample(context, probes, document, 1);
  if (first.kind === "rejected") return pinRejection(context, probes, document, first);
  if (first.kind === "failed") return new Map(probes.map((probe) => [probe.feature, failedCell(first)]));
  const rest = await Promise.all(Array.from({ length: context.samples - 1 }, (_, index) => sendSample(context, probes, document, index + 2)));
  return judgeSamples(probes, document, [first, ...rest]);
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
