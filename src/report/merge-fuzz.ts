// Merges fuzz sections of one run (same validator, reference, seed and shard count) into one.
// The engine splits the case space between shards, so sums are exact; everything else is recomputed
// or put in a fixed order, which makes the merge independent of the order shards arrive in and
// makes a complete shard set equal the unsharded run of the same seed.
import type { FuzzDisagreement, FuzzFinding, FuzzSection } from "./model.js";
import { canonicalJson, compareStrings } from "./canonical-json.js";
import { fewNearMissWarnings } from "./fuzz-warnings.js";
import { ResultsInputError } from "./results-input-error.js";

/** Sections that belong to the same run and may be merged. */
export function fuzzRunKey(section: FuzzSection): string {
  const shardCount = section.shard?.count ?? section.shards?.count ?? 1;
  return canonicalJson([section.validator, section.reference, section.seed, shardCount]);
}

/**
 * The example a merged finding keeps: the smaller one (shorter JSON of schema and instance, then
 * text order, then replay line), so the choice does not depend on which shard met it first. A total
 * order: the minimum over shards is the minimum over the whole run.
 */
export function compareFindingExamples(a: FuzzFinding, b: FuzzFinding): number {
  const textA = canonicalJson(a.example);
  const textB = canonicalJson(b.example);
  return (
    textA.length - textB.length ||
    compareStrings(textA, textB) ||
    compareStrings(a.replay, b.replay) ||
    compareStrings(canonicalJson({ ...a, count: 0 }), canonicalJson({ ...b, count: 0 }))
  );
}

/** Merges sections that share `fuzzRunKey`; throws when two of them claim the same shard. */
export function mergeFuzzRun(sections: readonly FuzzSection[]): FuzzSection {
  const [first] = sections;
  if (!first) throw new Error("mergeFuzzRun needs at least one section");
  const shardCount = first.shard?.count ?? first.shards?.count ?? 1;
  const merged = mergedShardIndexes(sections, shardCount);
  const findings = mergeFindings(sections.flatMap((section) => section.findings));
  const cases = sum(sections.map((section) => section.cases));
  const targets = mergeTargets(sections, findings);
  const warnings = fewNearMissWarnings(targets);
  const coverage = sections.find((s) => s.coverage)?.coverage;
  const section: FuzzSection = {
    kind: "fuzz",
    validator: first.validator,
    reference: first.reference,
    seed: first.seed,
    ...shardFields(merged, shardCount),
    cases,
    unsupported: mergeUnsupported(sections),
    targets,
    stats: mergeStats(sections, cases),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(coverage ? { coverage } : {}),
    findings,
    disagreements: sortDisagreements(sections.flatMap((s) => s.disagreements)),
  };
  // One broken shard makes the merged run broken: the reason of the first says why.
  const broken = sections.find((s) => s.broken !== undefined)?.broken;
  return broken === undefined ? section : { ...section, broken };
}

function shardIndexes(section: FuzzSection): readonly number[] {
  if (section.shard && section.shard.count > 1) return [section.shard.index];
  if (section.shards) return section.shards.merged;
  return [0];
}

function mergedShardIndexes(sections: readonly FuzzSection[], shardCount: number): number[] {
  const seen = new Set<number>();
  for (const section of sections) {
    for (const index of shardIndexes(section)) {
      if (seen.has(index)) {
        const which = shardCount > 1 ? `shard ${index}/${shardCount}` : "an unsharded run";
        throw new ResultsInputError(`cannot merge fuzz results: ${which} of ${section.validator} (seed ${section.seed}) appears twice`);
      }
      seen.add(index);
    }
  }
  return [...seen].sort((a, b) => a - b);
}

function shardFields(merged: readonly number[], shardCount: number): Pick<FuzzSection, "shard" | "shards"> {
  if (shardCount <= 1 || merged.length === shardCount) return {};
  if (merged.length === 1) return { shard: { index: merged[0]!, count: shardCount } };
  return { shards: { count: shardCount, merged } };
}

function mergeFindings(findings: readonly FuzzFinding[]): FuzzFinding[] {
  const byId = new Map<string, FuzzFinding[]>();
  for (const finding of findings) byId.set(finding.id, [...(byId.get(finding.id) ?? []), finding]);
  const merged = [...byId.values()].map((group) => {
    const kept = [...group].sort(compareFindingExamples)[0]!;
    const firstCases = group.flatMap((finding) => (finding.firstCase === undefined ? [] : [finding.firstCase]));
    return { ...kept, count: sum(group.map((finding) => finding.count)), ...(firstCases.length > 0 ? { firstCase: Math.min(...firstCases) } : {}) };
  });
  return merged.sort((a, b) => compareStrings(a.schemaId, b.schemaId) || compareStrings(a.id, b.id));
}

function sortDisagreements(disagreements: readonly FuzzDisagreement[]): FuzzDisagreement[] {
  const keyed = disagreements.map((item) => ({ item, key: canonicalJson([item.schemaId, item.family, item.path, item.replay, item]) }));
  return keyed.sort((a, b) => compareStrings(a.key, b.key)).map(({ item }) => item);
}

function mergeUnsupported(sections: readonly FuzzSection[]): FuzzSection["unsupported"] {
  const byKey = new Map(sections.flatMap((s) => s.unsupported).map((entry) => [canonicalJson([entry.schemaId, entry.reason]), entry]));
  return [...byKey.keys()].sort(compareStrings).map((key) => byKey.get(key)!);
}

function mergeTargets(sections: readonly FuzzSection[], findings: readonly FuzzFinding[]): FuzzSection["targets"] {
  const cases = new Map<string, number>();
  const first = new Map<string, FuzzSection["targets"][number]>();
  const sources = new Map<string, { valid: number; nearMiss: number; faker: number }>();
  for (const target of sections.flatMap((s) => s.targets)) {
    cases.set(target.schemaId, (cases.get(target.schemaId) ?? 0) + target.cases);
    if (!first.has(target.schemaId)) first.set(target.schemaId, target);
    if (!target.sources) continue;
    const total = sources.get(target.schemaId) ?? { valid: 0, nearMiss: 0, faker: 0 };
    sources.set(target.schemaId, { valid: total.valid + target.sources.valid, nearMiss: total.nearMiss + target.sources.nearMiss, faker: total.faker + target.sources.faker });
  }
  const findingsBySchema = new Map<string, number>();
  for (const finding of findings) findingsBySchema.set(finding.schemaId, (findingsBySchema.get(finding.schemaId) ?? 0) + 1);
  return [...cases.keys()].sort(compareStrings).map((schemaId) => {
    const { dialect, unknownKeywords } = first.get(schemaId)!;
    return {
      schemaId,
      cases: cases.get(schemaId)!,
      findings: findingsBySchema.get(schemaId) ?? 0,
      ...(sources.has(schemaId) ? { sources: sources.get(schemaId)! } : {}),
      ...(dialect === undefined ? {} : { dialect }),
      ...(unknownKeywords === undefined ? {} : { unknownKeywords }),
    };
  });
}

function mergeStats(sections: readonly FuzzSection[], cases: number): FuzzSection["stats"] {
  const durationMs = sum(sections.map((s) => s.stats.durationMs));
  const families = new Map<string, { cases: number; valid: number }>();
  for (const section of sections) {
    for (const [family, { cases: familyCases, validShare }] of Object.entries(section.stats.byFamily)) {
      const total = families.get(family) ?? { cases: 0, valid: 0 };
      families.set(family, { cases: total.cases + familyCases, valid: total.valid + validCount(validShare, familyCases) });
    }
  }
  const byFamily: Record<string, { cases: number; validShare: number }> = {};
  for (const family of [...families.keys()].sort(compareStrings)) {
    const total = families.get(family)!;
    byFamily[family] = { cases: total.cases, validShare: share(total.valid, total.cases) };
  }
  const valid = sum(sections.map((s) => validCount(s.stats.validShare, s.cases)));
  const phased = sections.filter((s) => s.stats.phaseMs);
  const phaseMs = phased.length > 0 ? { generate: 0, reference: 0, candidate: 0, compare: 0 } : undefined;
  for (const section of phased) for (const phase of ["generate", "reference", "candidate", "compare"] as const) phaseMs![phase] += section.stats.phaseMs![phase];
  const cpuTimed = sections.filter((s) => s.stats.cpuMs !== undefined);
  // Shards run side by side, so summed durations are work time; cases per second is recomputed on it.
  return {
    casesPerSecond: durationMs > 0 ? cases / (durationMs / 1000) : 0,
    validShare: share(valid, cases),
    durationMs,
    byFamily,
    ...(phaseMs ? { phaseMs } : {}),
    ...(cpuTimed.length > 0 ? { cpuMs: sum(cpuTimed.map((s) => s.stats.cpuMs!)) } : {}),
  };
}

/** A share times its cases is a whole count of valid cases; rounding recovers it exactly. */
function validCount(validShare: number, cases: number): number {
  return Math.round(validShare * cases);
}

function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
