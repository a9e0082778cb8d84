// Differing cases become findings: one per class (schema × feature × path pattern × direction, and
// the known divergence that explains it), with a count and one minimal example. Workers report one
// shrunk case per class and block, carrying the block's count for the class. The example kept is
// the one the shard merge would keep (compareFindingExamples), so a merged shard set equals one run.
import type { FindingDirection, FuzzDisagreement, FuzzFinding } from "../report/model.js";
import { compareFindingExamples } from "../report/merge-fuzz.js";
import { hashText } from "./case-random.js";
import { crashSignature } from "./classify-difference.js";
import type { CaseReport } from "./fuzz-protocol.js";

/** A worker's report with what the main thread knows: which schema, and the replay line. */
export interface PlacedReport extends CaseReport {
  readonly schemaId: string;
  readonly schema: unknown;
  readonly replay: string;
}

export function directionOf(difference: CaseReport["difference"]): FindingDirection {
  if (difference === "reference-crash") return "crash";
  if (difference === "reference-timeout") return "timeout";
  return difference;
}

/** Stable across runs and machines: drift against a baseline is a set difference on it. */
export function findingId(report: Pick<PlacedReport, "schemaId" | "feature" | "pathPattern" | "difference" | "ruling" | "candidate" | "reference">): string {
  const crash = report.difference === "crash" || report.difference === "timeout" ? crashSignature(report.candidate.error) : "";
  const referenceCrash = report.difference.startsWith("reference-") ? crashSignature(report.reference.error) : "";
  const key = [report.schemaId, report.feature, report.pathPattern, report.difference, report.ruling.knownDivergence ?? "", crash, referenceCrash].join("\u0000");
  return hashText(`a\u0000${key}`).toString(16).padStart(8, "0") + hashText(`b\u0000${key}`).toString(16).padStart(8, "0");
}

/** A finding as the engine writes it: the model's fields, plus the example's own path (no `*`). */
export interface EngineFinding extends FuzzFinding {
  readonly examplePath: string;
}

function toFinding(report: PlacedReport, id: string): EngineFinding {
  return {
    id,
    schemaId: report.schemaId,
    feature: report.feature,
    path: report.pathPattern,
    examplePath: report.path,
    direction: directionOf(report.difference),
    family: report.family,
    count: report.count ?? 1,
    adjudication: report.ruling.adjudication,
    explanation: report.ruling.explanation,
    example: { schema: report.schema, instance: report.instance },
    reference: report.reference,
    candidate: report.candidate,
    replay: report.replay,
    ...(report.ruling.knownDivergence ? { knownDivergence: report.ruling.knownDivergence } : {}),
    ...(report.targetIndex >= 0 ? { firstCase: report.caseIndex } : {}),
  };
}

export function groupFindings(reports: readonly PlacedReport[]): EngineFinding[] {
  const byId = new Map<string, EngineFinding>();
  for (const report of reports) {
    const id = findingId(report);
    const candidate = toFinding(report, id);
    const kept = byId.get(id);
    if (!kept) byId.set(id, candidate);
    else {
      const firstCase = candidate.firstCase === undefined ? kept.firstCase : Math.min(candidate.firstCase, kept.firstCase ?? candidate.firstCase);
      byId.set(id, { ...(compareFindingExamples(candidate, kept) < 0 ? candidate : kept), count: kept.count + candidate.count, ...(firstCase === undefined ? {} : { firstCase }) });
    }
  }
  return [...byId.values()].sort((a, b) => compare(a.schemaId, b.schemaId) || compare(a.id, b.id));
}

/** The shrunk differing cases, one per class and block (error locations aside: they are findings only), in case order. */
export function listDisagreements(reports: readonly PlacedReport[]): FuzzDisagreement[] {
  return reports
    .filter((report) => report.difference !== "error-location")
    .map((report) => ({
      schemaId: report.schemaId,
      schema: report.schema,
      instance: report.instance,
      family: report.family,
      path: report.path,
      reference: report.reference,
      candidate: report.candidate,
      replay: report.replay,
    }));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
