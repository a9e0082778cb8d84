// A stand-in fuzz engine for merge tests: turns a list of case outcomes into the section an engine
// would write for them, following the model's contract (findings keep the example that sorts first
// by compareFindingExamples; targets count distinct findings).
import type { FuzzFinding, FuzzSection } from "../model.js";
import { compareFindingExamples } from "../merge-fuzz.js";

export interface SimulatedCase {
  readonly schemaId: string;
  readonly family: string;
  readonly valid: boolean;
  /** Set when candidate and reference disagreed on this case: the finding class and the instance. */
  readonly disagreement?: { readonly findingId: string; readonly instance: string };
}

export interface SimulatedRun {
  readonly seed: number;
  readonly shard?: { readonly index: number; readonly count: number };
  readonly schemaIds: readonly string[];
}

const MS_PER_CASE = 3;

function findingFor(item: SimulatedCase, index: number): FuzzFinding {
  const disagreement = item.disagreement!;
  return {
    id: disagreement.findingId,
    schemaId: item.schemaId,
    feature: "pattern",
    path: "/pattern",
    direction: "too-lax",
    family: item.family,
    count: 1,
    adjudication: "candidate-wrong",
    example: { schema: { pattern: "^a" }, instance: disagreement.instance },
    reference: { valid: false },
    candidate: { valid: true },
    replay: `schemalab fuzz --seed 1 --replay ${item.schemaId}:${index}`,
  };
}

/** `caseIndexes` are the global case numbers (so replay lines match the unsharded run). */
export function fuzzSectionFromCases(cases: readonly SimulatedCase[], caseIndexes: readonly number[], run: SimulatedRun): FuzzSection {
  const raw = cases.flatMap((item, i) => (item.disagreement ? [findingFor(item, caseIndexes[i]!)] : []));
  const findings = new Map<string, FuzzFinding>();
  for (const finding of raw) {
    const seen = findings.get(finding.id);
    const kept = !seen || compareFindingExamples(finding, seen) < 0 ? finding : seen;
    findings.set(finding.id, { ...kept, count: (seen?.count ?? 0) + 1 });
  }
  const families = [...new Set(cases.map((c) => c.family))];
  const share = (subset: readonly SimulatedCase[]) => (subset.length ? subset.filter((c) => c.valid).length / subset.length : 0);
  const durationMs = cases.length * MS_PER_CASE;
  return {
    kind: "fuzz",
    validator: "lite",
    reference: "ajv",
    seed: run.seed,
    ...(run.shard ? { shard: run.shard } : {}),
    cases: cases.length,
    unsupported: [{ schemaId: "refused", reason: "unsupported keyword" }],
    targets: run.schemaIds.map((schemaId) => ({
      schemaId,
      cases: cases.filter((c) => c.schemaId === schemaId).length,
      findings: [...findings.values()].filter((f) => f.schemaId === schemaId).length,
    })),
    stats: {
      casesPerSecond: durationMs > 0 ? cases.length / (durationMs / 1000) : 0,
      validShare: share(cases),
      durationMs,
      byFamily: Object.fromEntries(families.map((family) => {
        const subset = cases.filter((c) => c.family === family);
        return [family, { cases: subset.length, validShare: share(subset) }];
      })),
    },
    findings: [...findings.values()],
    disagreements: raw.map((f) => ({ schemaId: f.schemaId, schema: f.example.schema, instance: f.example.instance, family: f.family, path: f.path, reference: f.reference, candidate: f.candidate, replay: f.replay })),
  };
}
