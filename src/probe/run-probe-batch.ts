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
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import { isDeepStrictEqual } from "node:util";
import { judgeSample } from "./judge-sample.js";
import { probeKey, standaloneProbeSchema } from "./probe-document.js";
import { loadProbeSuite } from "./probe-suite.js";
import { scanDuplicateKeys } from "./scan-duplicate-keys.js";
import { sendProbeRequest, type ProbeTransport } from "./send-probe-request.js";

export interface ModeContext {
  readonly transport: ProbeTransport;
  readonly mode: string;
  readonly role: "tool-input" | "structured-output";
  readonly scaffold: ProbeScaffold;
  readonly samples: number;
  readonly maxTokens: number;
  readonly documented?: ModeProfile;
  /** Whether the mode generates without the schema, once asked (modeGeneratesFreely). */
  readonly freeGeneration: { answer?: Promise<boolean> };
}

export async function runProbeBatch(context: ModeContext, probes: readonly FeatureProbe[]): Promise<Map<string, MeasuredCell>> {
  return (await runBatch(context, probes)).cells;
}

/** A batch's cells, and whether the batch as sent was accepted (what group testing infers from). */
interface BatchRun {
  readonly cells: Map<string, MeasuredCell>;
  readonly accepted: boolean;
}

async function runBatch(context: ModeContext, probes: readonly FeatureProbe[]): Promise<BatchRun> {
  if (probes.length === 0) return { cells: new Map(), accepted: true };
  const document = buildProbeDocument(probes, context.scaffold);
  const first = await sendSample(context, probes, document, 1);
  if (first.kind === "rejected") return { cells: await pinRejection(context, probes, document, first), accepted: false };
  if (first.kind === "failed") {
    const cells = probes.length > 1 && first.reason !== "budget" && first.reason !== "auth" ? await aloneAfter(context, probes, `the batch failed: ${first.detail}`) : new Map(probes.map((probe) => [probe.feature, failedCell(first)]));
    return { cells, accepted: false };
  }
  return { cells: await judgeAccepted(context, probes, document, first), accepted: true };
}

async function judgeAccepted(context: ModeContext, probes: readonly FeatureProbe[], document: ProbeDocument, first: ProbeOutcome): Promise<Map<string, MeasuredCell>> {
  const rest = await Promise.all(Array.from({ length: context.samples - 1 }, (_, index) => sendSample(context, probes, document, index + 2)));
  const samples = [first, ...rest];
  const cells = judgeSamples(probes, document, samples);
  if (probes.length === 1) return cells;
  const freeGeneration = everyPartAsAsked(probes, document, samples) ? await modeGeneratesFreely(context) : false;
  const doubtful = probes.filter((probe) => !batchVerdictCounts(probe, probes, document, samples, cells, freeGeneration));
  if (doubtful.length === 0) return cells;
  const offenders = offendingParts(probes, document, samples);
  if (offenders.length > 0 && offenders.length < probes.length && echoCameBack(document, samples)) return withoutOffenders(context, probes, cells, doubtful, offenders);
  const alone = await Promise.all(doubtful.map((probe) => runProbeBatch(context, [probe])));
  doubtful.forEach((probe, index) => {
    const lone = alone[index]!.get(probe.feature)!;
    const inBatch = cells.get(probe.feature)!;
    cells.set(probe.feature, { ...lone, evidence: { ...lone.evidence, confirmedAlone: true, inBatch: { status: inBatch.status, summary: inBatch.evidence.summary } } });
  });
  return cells;
}

/**
 * The echo came back, so the model followed the request, but some parts came back neither as asked nor
 * conforming to their own schema (an engine looser than the spec, or a part it mangled): those parts cast
 * doubt on the rest, not the other way round. The rest goes again as a batch of its own, without them
 * (one request instead of one each); an offender's own verdict counts when it was the only one, else it
 * goes alone.
 */
async function withoutOffenders(context: ModeContext, probes: readonly FeatureProbe[], cells: Map<string, MeasuredCell>, doubtful: readonly FeatureProbe[], offenders: readonly FeatureProbe[]): Promise<Map<string, MeasuredCell>> {
  const rest = probes.filter((probe) => !offenders.includes(probe));
  const keys = offenders.map((probe) => probeKey(probe.feature)).join(", ");
  const again = await runBatch(context, rest);
  const lone = offenders.filter((probe) => doubtful.includes(probe));
  const alone = await Promise.all(lone.map((probe) => runProbeBatch(context, [probe])));
  for (const [feature, cell] of again.cells) cells.set(feature, { ...cell, evidence: { ...cell.evidence, rebatched: `sent again without ${keys}, whose parts came back neither as asked nor conforming` } });
  lone.forEach((probe, index) => {
    const cell = alone[index]!.get(probe.feature)!;
    const inBatch = cells.get(probe.feature)!;
    cells.set(probe.feature, { ...cell, evidence: { ...cell.evidence, confirmedAlone: true, inBatch: { status: inBatch.status, summary: inBatch.evidence.summary } } });
  });
  return cells;
}

/** Probes whose part of some answered sample is neither the asked value nor a value its own schema takes. */
function offendingParts(probes: readonly FeatureProbe[], document: ProbeDocument, samples: readonly ProbeOutcome[]): FeatureProbe[] {
  const asked = document.value as Record<string, unknown>;
  return probes.filter((probe) => {
    const key = document.keys.get(probe.feature)!;
    return samples.some((outcome) => {
      if (outcome.kind !== "answered") return false;
      const part = partOf(outcome.value, key);
      return !isDeepStrictEqual(part, asked[key]) && (part === MISSING_VALUE || !judgeSample(standaloneProbeSchema(probe), part).valid);
    });
  });
}

function echoCameBack(document: ProbeDocument, samples: readonly ProbeOutcome[]): boolean {
  return document.echo !== undefined && samples.every((outcome) => outcome.kind === "answered" && partOf(outcome.value, document.echo!.key) === document.echo!.value);
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
function batchVerdictCounts(probe: FeatureProbe, probes: readonly FeatureProbe[], document: ProbeDocument, samples: readonly ProbeOutcome[], cells: ReadonlyMap<string, MeasuredCell>, freeGeneration: boolean): boolean {
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
  if (verbatim && (status === "ignored" || status === "altered") && !freeGeneration) return false;
  return true;
}

async function pinRejection(context: ModeContext, probes: readonly FeatureProbe[], document: ProbeDocument, rejection: ProbeOutcome & { kind: "rejected" }): Promise<Map<string, MeasuredCell>> {
  if (probes.length === 1) {
    return new Map([[probes[0]!.feature, rejectedCell(rejection, "refused alone")]]);
  }
  const named = probes.filter((probe) => mentions(rejection.errorText, document.keys.get(probe.feature)!));
  if (named.length === 1) {
    const culprit = named[0]!;
    const others = await runProbeBatch(context, probes.filter((probe) => probe !== culprit));
    return new Map([[culprit.feature, rejectedCell(rejection, `refused in a batch; the error names ${document.keys.get(culprit.feature)}`)], ...others]);
  }
  return pinWithin(context, probes, rejection);
}

/**
 * Adaptive group testing for a refusal that names no probe (Hwang's generalized binary splitting): the
 * group holds at least one refused probe, and EXPECTED_REFUSED_SHARE says how many to expect. A test group of 2^a probes is sent (a from that estimate; probes one at a time
 * when refusals are that dense); accepted, its probes are judged and the rest still holds the refusal;
 * refused, the refusal is pinned inside it and the rest goes as a batch of its own. The last probe of a
 * group whose other probes were all accepted is refused without being sent.
 */
async function pinWithin(context: ModeContext, group: readonly FeatureProbe[], rejection: ProbeOutcome & { kind: "rejected" }): Promise<Map<string, MeasuredCell>> {
  if (group.length === 1) {
    return new Map([[group[0]!.feature, rejectedCell(rejection, "refused in a batch whose other probes were accepted (group testing)")]]);
  }
  const size = testGroupSize(group.length, expectedRefusals(group.length));
  const tested = await runBatch(context, group.slice(0, size));
  const rest = tested.accepted ? await pinWithin(context, group.slice(size), rejection) : (await runBatch(context, group.slice(size))).cells;
  return new Map([...tested.cells, ...rest]);
}

/**
 * Refusals expected among n probes of a refused group: one in four, at least one. A fixed share, not
 * the share seen so far in the mode: batches run concurrently, and a count must not depend on which
 * answer came first.
 */
export const EXPECTED_REFUSED_SHARE = 0.25;

function expectedRefusals(n: number): number {
  return Math.min(n, Math.max(1, Math.round(EXPECTED_REFUSED_SHARE * n)));
}

/** Hwang: one at a time when n <= 2d - 2, else 2^floor(log2((n - d + 1) / d)), kept below n. */
export function testGroupSize(n: number, d: number): number {
  if (n <= 2 * d - 2) return 1;
  const size = 2 ** Math.floor(Math.log2((n - d + 1) / d));
  return Math.max(1, Math.min(n - 1, size));
}

/**
 * Whether the mode decodes without the schema at all (tool_choice auto, best-effort modes): the control
 * probe (type:string, asked 42) sent alone comes back as asked. Asked once per mode.
 */
function modeGeneratesFreely(context: ModeContext): Promise<boolean> {
  const control = loadProbeSuite().probes.find((probe) => probe.feature === CONTROL_FEATURE);
  if (control === undefined) return Promise.resolve(false);
  context.freeGeneration.answer ??= runBatch(context, [control]).then((run) => run.cells.get(CONTROL_FEATURE)?.status === "ignored");
  return context.freeGeneration.answer;
}

const CONTROL_FEATURE = "type:string";

function everyPartAsAsked(probes: readonly FeatureProbe[], document: ProbeDocument, samples: readonly ProbeOutcome[]): boolean {
  const asked = document.value as Record<string, unknown>;
  return samples.every((outcome) => outcome.kind === "answered" && probes.every((probe) => {
    const key = document.keys.get(probe.feature)!;
    return isDeepStrictEqual(partOf(outcome.value, key), asked[key]);
  }));
}

function judgeSamples(probes: readonly FeatureProbe[], document: ProbeDocument, outcomes: readonly ProbeOutcome[]): Map<string, MeasuredCell> {
  const answered = outcomes.filter((outcome): outcome is ProbeOutcome & { kind: "answered" } => outcome.kind === "answered");
  const failed = outcomes.filter((outcome) => outcome.kind !== "answered").map(describeFailure);
  const cells = new Map<string, MeasuredCell>();
  for (const probe of probes) {
    const key = document.keys.get(probe.feature)!;
    const parts = answered.map((outcome) => partOf(outcome.value, key));
    const cell = withDuplicateKeys(classifySamples(probe, parts), key, answered);
    cells.set(probe.feature, failed.length === 0 ? cell : { ...cell, evidence: { ...cell.evidence, failedSamples: failed } });
  }
  return cells;
}

/**
 * A key repeated inside the probe's part of the answer text (JSON.parse keeps the last one silently):
 * what the schema allows came back mangled, whatever the parsed value says, so the cell is altered.
 */
function withDuplicateKeys(cell: MeasuredCell, key: string, answered: readonly (ProbeOutcome & { kind: "answered" })[]): MeasuredCell {
  const prefix = key === "" ? "" : `/${key}`;
  for (const [index, outcome] of answered.entries()) {
    const duplicates = scanDuplicateKeys(outcome.rawText).filter((found) => found.path === prefix || found.path.startsWith(`${prefix}/`) || (prefix !== "" && found.path === "" && found.key === key));
    if (duplicates.length === 0) continue;
    const where = duplicates.map((found) => `"${found.key}" at ${found.path || "/"}`).join(", ");
    return { status: "altered", evidence: { ...cell.evidence, summary: `accepted, but sample ${index + 1} repeats a key (${where}) in ${JSON.stringify(outcome.rawText.slice(0, 200))}: JSON.parse keeps the last one, so the answer is not one value; read otherwise as ${cell.status}`, duplicateKeys: duplicates, rawText: outcome.rawText, readAs: cell.status } };
  }
  return cell;
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
    hints: [...keys, ...new Set(probes.flatMap((probe) => probe.keywords ?? featureInfo(probe.feature).keywords))],
    maxTokens: answerRoom(context.maxTokens, document.value),
    sample,
  });
}

/**
 * A batch asks for a larger value than one probe: the cap grows with it (four tokens a character, room
 * for a byte-level tokenizer and for repaired parts longer than asked), so a batch is not cut short.
 * The cap bounds what may be generated; it is not what a request costs.
 */
export function answerRoom(maxTokens: number, asked: unknown): number {
  return Math.max(maxTokens, 4 * JSON.stringify(asked ?? null).length);
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
