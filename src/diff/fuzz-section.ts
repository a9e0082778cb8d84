// The section a run returns: reports placed on their schema with a replay line, grouped into findings,
// and the totals. Everything in a fixed order, so equal runs give equal sections.
import { DEFAULT_DIALECT } from "../lite/dialect.js";
import { fewNearMissWarnings } from "../report/fuzz-warnings.js";
import { unknownKeywordsOf } from "../schema/dialects/unknown-keywords.js";
import type { JsonSchema } from "../schema/types.js";
import type { FuzzSection } from "../report/model.js";
import type { CaseReport } from "./fuzz-protocol.js";
import type { ResolvedRun } from "./fuzz-run.js";
import type { FuzzTally } from "./fuzz-tally.js";
import { groupFindings, listDisagreements, type PlacedReport } from "./group-findings.js";
import { divergencesFor } from "./known-divergences.js";
import { regressionReplayLine, replayLine } from "./replay-line.js";

export function placeReport(run: ResolvedRun, report: CaseReport): PlacedReport {
  if (report.targetIndex < 0) return placeRegressionReport(run, report);
  const target = run.targets[report.targetIndex]!;
  const generatedCount = run.options.generateSchemas && !target.file ? run.options.generateSchemas : undefined;
  const replay = replayLine(
    {
      validator: run.validatorSpec,
      reference: run.referenceSpec,
      seed: run.seed,
      schemaId: target.id,
      ...(target.file ? { schemaFile: target.file } : {}),
      ...(generatedCount ? { generatedSchemas: generatedCount } : {}),
      caseIndex: report.caseIndex,
      shrinkPath: report.shrinkPath,
      ...(report.difference === "timeout" || report.difference === "reference-timeout" ? { timeoutMs: run.timeoutMs } : {}),
    },
    run.cwd,
  );
  return { ...report, schemaId: target.id, schema: target.schema, replay };
}

/**
 * A saved case the candidate fails again. When the candidate is the very validator whose known
 * divergence the case pins (Ajv fuzzed as a candidate), the failure is known and does not fail the run.
 */
function placeRegressionReport(run: ResolvedRun, report: CaseReport): PlacedReport {
  const regression = run.regressions[-1 - report.targetIndex]!;
  const schemaId = regression.schemaId ?? `regression/${regression.file}`;
  const replay = regressionReplayLine(run.validatorSpec, run.referenceSpec, regression.file, run.cwd);
  const pinned = run.divergences.find((divergence) => divergence.id === regression.knownDivergence);
  const known = pinned && divergencesFor(run.validatorSpec, [pinned]).length > 0;
  const ruling = known ? { ...report.ruling, knownDivergence: pinned.id, explanation: `known divergence of the candidate itself: ${pinned.description}` } : report.ruling;
  return { ...report, ruling, schemaId, schema: regression.schema, replay };
}

/** `workerMs`: the workers' time in all (their count times the run's wall time), warm-up and idle included. */
export function buildSection(run: ResolvedRun, tally: FuzzTally, durationMs: number, cpuMs?: number, workerMs?: number): FuzzSection {
  const findings = groupFindings(tally.reports);
  const findingsBySchema = new Map<string, number>();
  for (const finding of findings) findingsBySchema.set(finding.schemaId, (findingsBySchema.get(finding.schemaId) ?? 0) + 1);
  const targets = run.targets.map((target, index) => {
    const sources = tally.sourcesByTarget.get(index);
    const dialect = target.dialect ?? DEFAULT_DIALECT;
    return {
      schemaId: target.id,
      cases: tally.casesByTarget.get(index) ?? 0,
      findings: findingsBySchema.get(target.id) ?? 0,
      ...(sources ? { sources } : {}),
      dialect,
      ...(run.options.unknownKeywords === "annotate" ? { unknownKeywords: unknownKeywordsOf(target.schema as JsonSchema, dialect) } : {}),
    };
  });
  const warnings = fewNearMissWarnings(targets);
  const { coverage } = run;
  const sortedReports = [...tally.reports].sort((a, b) => a.targetIndex - b.targetIndex || a.caseIndex - b.caseIndex);
  return {
    kind: "fuzz",
    validator: run.validatorSpec,
    reference: run.referenceSpec,
    seed: run.seed,
    ...(run.shard.count > 1 ? { shard: { index: run.shard.index, count: run.shard.count } } : {}),
    cases: tally.cases,
    unsupported: [...tally.unsupported].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([schemaId, reason]) => ({ schemaId, reason })),
    targets,
    stats: {
      casesPerSecond: durationMs > 0 ? (tally.cases * 1000) / durationMs : 0,
      validShare: tally.cases > 0 ? tally.valid / tally.cases : 0,
      durationMs,
      byFamily: tally.familyShares(),
      phaseMs: roundedTimes(tally.times),
      ...(cpuMs !== undefined ? { cpuMs: Math.round(cpuMs) } : {}),
      ...(workerMs ? { judgingShare: Math.min(1, (tally.times.reference + tally.times.candidate) / workerMs) } : {}),
    },
    ...(warnings.length > 0 ? { warnings } : {}),
    coverage,
    findings,
    disagreements: listDisagreements(sortedReports),
  };
}

function roundedTimes(times: FuzzTally["times"]): FuzzTally["times"] {
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { generate: round(times.generate), reference: round(times.reference), candidate: round(times.candidate), compare: round(times.compare) };
}
