// A limit probe finds the largest accepted size with few requests: the documented limit and one past
// it (two requests when the docs are right), else the ceiling; after a refusal, size 1 (is the shape
// itself refused?) and then halving between the largest accepted and the smallest refused size. Shapes
// with a base (optional and union properties) go down to size 0: refused at 1, accepted at 0 is a limit
// of 0. Tool counts are probed in tool modes only: a structured-output request carries no tools.
import { buildLimitRequest, SMALLEST_SIZE } from "./build-limit-schema.js";
import { wasAccepted, type ProbeOutcome } from "./classify-probe-outcome.js";
import { errorCell, type MeasuredCell } from "./probe-cell.js";
import { buildProbePrompt } from "./probe-prompt.js";
import type { LimitProbe } from "./probe-suite.js";
import type { ModeContext } from "./run-probe-batch.js";
import { sendProbeRequest } from "./send-probe-request.js";

/** Answers to limit probes are cut short: only whether the schema is accepted counts. */
const LIMIT_MAX_TOKENS = 16;

export interface LimitResult {
  readonly cell: MeasuredCell;
  /** The largest accepted size, when a refusal just above it was seen. */
  readonly limit?: number;
  /** The limit does not apply to the mode (tools in a structured-output mode): nothing was sent. */
  readonly notApplicable?: true;
}

interface Search {
  largestAccepted: number;
  smallestRefused: number | undefined;
  refusal: (ProbeOutcome & { kind: "rejected" }) | undefined;
  readonly tried: { size: number; accepted: boolean }[];
}

class LimitProbeFailure extends Error {
  constructor(readonly size: number, readonly outcome: ProbeOutcome) {
    super(outcome.kind === "failed" ? outcome.detail : outcome.kind);
  }
}

export async function probeLimit(context: ModeContext, probe: LimitProbe, documented: number | undefined): Promise<LimitResult> {
  if (probe.shape === "tools" && context.role !== "tool-input") {
    const summary = "not applicable: a structured-output request carries no tools, so there is no tool count to limit (nothing sent)";
    return { cell: { status: "enforced", evidence: { summary, notApplicable: true } }, notApplicable: true };
  }
  const search: Search = { largestAccepted: 0, smallestRefused: undefined, refusal: undefined, tried: [] };
  const tryAt = (size: number): Promise<boolean> => tryLimitSize(context, probe, search, size);
  try {
    const firstAccepted = await tryAt(documented ?? probe.ceiling);
    if (documented !== undefined && firstAccepted && (await tryAt(documented + 1)) && probe.ceiling > documented + 1) await tryAt(probe.ceiling);
    if (search.smallestRefused !== undefined && search.largestAccepted === 0 && search.smallestRefused > 1 && !(await tryAt(1))) {
      if (SMALLEST_SIZE[probe.shape] > 0 || !(await tryAt(0))) {
        const smallest = SMALLEST_SIZE[probe.shape] > 0 ? "size 1" : "sizes 1 and 0";
        return { cell: errorCell(`inconclusive: refused even at ${smallest}, so the probe's shape is refused, not its size`, details(search)) };
      }
    }
    for (let step = 0; step < probe.maxSteps && isOpen(search); step += 1) await tryAt(Math.floor((search.largestAccepted + search.smallestRefused!) / 2));
  } catch (error) {
    if (!(error instanceof LimitProbeFailure)) throw error;
    return { cell: errorCell(`inconclusive at size ${error.size}: ${error.message}`, details(search)) };
  }
  return conclude(probe, search);
}

async function tryLimitSize(context: ModeContext, probe: LimitProbe, search: Search, size: number): Promise<boolean> {
  const request = buildLimitRequest(probe.shape, size, context.scaffold);
  const outcome = await sendProbeRequest(context.transport, {
    mode: context.mode,
    role: context.role,
    schema: request.schema,
    ...(request.extraTools === undefined ? {} : { extraTools: request.extraTools }),
    prompt: buildProbePrompt({}),
    schemaId: `probe/${context.mode}/${probe.feature}@${size}`,
    features: [probe.feature],
    hints: ["enum", "properties", "nesting", String(size)],
    maxTokens: LIMIT_MAX_TOKENS,
    sample: 1,
  });
  if (wasAccepted(outcome)) {
    search.largestAccepted = Math.max(search.largestAccepted, size);
    search.tried.push({ size, accepted: true });
    return true;
  }
  if (outcome.kind !== "rejected") throw new LimitProbeFailure(size, outcome);
  if (search.smallestRefused === undefined || size < search.smallestRefused) {
    search.smallestRefused = size;
    search.refusal = outcome;
  }
  search.tried.push({ size, accepted: false });
  return false;
}

const UNITS: Readonly<Record<LimitProbe["shape"], string>> = {
  properties: "properties",
  nesting: "object levels",
  enum: "enum values",
  "string-length": "characters of names and enum values",
  optional: "optional properties",
  union: "union properties",
  tools: "tools",
};

function isOpen(search: Search): boolean {
  return search.smallestRefused !== undefined && search.smallestRefused - search.largestAccepted > 1;
}

function conclude(probe: LimitProbe, search: Search): LimitResult {
  if (search.smallestRefused === undefined) {
    return { cell: { status: "enforced", evidence: { summary: `accepted at every size tried, up to ${search.largestAccepted} ${UNITS[probe.shape]}; no limit met (acceptance only)`, ...details(search) } } };
  }
  const exact = !isOpen(search);
  const unit = UNITS[probe.shape];
  const where = exact ? `the limit is ${search.largestAccepted} ${unit}` : `the limit lies between ${search.largestAccepted} and ${search.smallestRefused - 1} ${unit}`;
  const cell: MeasuredCell = {
    status: "rejected",
    evidence: { summary: `refused beyond a size: ${where}; HTTP ${search.refusal!.status}: ${search.refusal!.errorText}`, error: search.refusal!.errorText, httpStatus: search.refusal!.status, ...details(search) },
  };
  return exact ? { cell, limit: search.largestAccepted } : { cell };
}

function details(search: Search): Record<string, unknown> {
  return {
    largestAccepted: search.largestAccepted,
    ...(search.smallestRefused === undefined ? {} : { smallestRefused: search.smallestRefused }),
    tried: search.tried.map(({ size, accepted }) => `${size}:${accepted ? "accepted" : "refused"}`),
  };
}
