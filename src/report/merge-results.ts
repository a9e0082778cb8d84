// Merges results from shards and verbs into one document. Sections meet by identity: fuzz by run
// (merge-fuzz.ts), conformance by validator, probe by provider + model (+ emulated, base URL),
// check by source, dispatch by dispatcher; lists inside merge by their own keys. Output order is
// fixed (kind, then identity), so the result does not depend on the order inputs arrive in.
import type {
  CatalogSection,
  CheckSection,
  CompatSection,
  DispatchSection,
  ProbeSection,
  ResultsDocument,
  RunFooter,
  RunHeader,
  Section,
  SectionKind,
} from "./model.js";
import { SECTION_KINDS } from "./model.js";
import { canonicalJson, compareStrings } from "./canonical-json.js";
import { fuzzRunKey, mergeFuzzRun } from "./merge-fuzz.js";
import { ResultsInputError } from "./results-input-error.js";

export function mergeDocuments(documents: readonly ResultsDocument[]): ResultsDocument {
  if (documents.length === 0) throw new Error("mergeDocuments needs at least one document");
  return {
    header: mergeHeaders(documents.map((d) => d.header)),
    sections: mergeSections(documents.flatMap((d) => d.sections)),
    footer: mergeFooters(documents.map((d) => d.footer)),
  };
}

function mergeHeaders(headers: readonly RunHeader[]): RunHeader {
  const earliest = [...headers].sort((a, b) => compareStrings(a.startedAt, b.startedAt) || compareStrings(canonicalJson(a), canonicalJson(b)))[0]!;
  const seeds = new Set(headers.map((h) => h.seed));
  const { seed: _seed, ...rest } = earliest;
  return seeds.size === 1 && earliest.seed !== undefined ? earliest : rest;
}

function mergeFooters(footers: readonly RunFooter[]): RunFooter {
  const finishedAt = footers.map((f) => f.finishedAt).sort(compareStrings).at(-1)!;
  return { kind: "footer", finishedAt, complete: footers.every((f) => f.complete) };
}

type Merger<S extends Section> = { readonly key: (section: S) => string; readonly merge: (sections: readonly S[]) => S };

const MERGERS: { readonly [K in SectionKind]: Merger<Extract<Section, { kind: K }>> } = {
  catalog: { key: () => "", merge: mergeCatalogs },
  fuzz: { key: fuzzRunKey, merge: mergeFuzzRun },
  conformance: {
    // One section per validator and draft; one written before dialects ran draft 2020-12.
    key: (s) => `${s.validator} ${s.dialect ?? "draft2020-12"}`,
    merge: (sections) => single(sections, `conformance sections for validator ${sections[0]!.validator} (${sections[0]!.dialect ?? "draft2020-12"})`),
  },
  probe: { key: (s) => canonicalJson([s.provider, s.model, s.emulated, s.baseUrl ?? null]), merge: mergeProbes },
  check: { key: (s) => s.source, merge: mergeChecks },
  dispatch: { key: (s) => s.dispatcher, merge: mergeDispatches },
  compat: { key: () => "", merge: mergeCompats },
};

/** Every kind in SECTION_KINDS order, each group merged and ordered by its identity. */
export function mergeSections(sections: readonly Section[]): Section[] {
  const distinct = uniqueByContent(sections);
  return SECTION_KINDS.flatMap((kind) => mergeKind(kind, distinct.filter((s) => s.kind === kind)));
}

function mergeKind<K extends SectionKind>(kind: K, sections: readonly Section[]): Section[] {
  const merger = MERGERS[kind] as unknown as Merger<Section>;
  const groups = new Map<string, Section[]>();
  for (const section of sections) {
    const key = merger.key(section);
    groups.set(key, [...(groups.get(key) ?? []), section]);
  }
  return [...groups.keys()].sort(compareStrings).map((key) => merger.merge(groups.get(key)!));
}

/** The same file given twice, or one section in two documents, counts once. */
function uniqueByContent(sections: readonly Section[]): Section[] {
  const byContent = new Map(sections.map((section) => [canonicalJson(section), section]));
  return [...byContent.values()];
}

function single<S extends Section>(sections: readonly S[], what: string): S {
  if (sections.length > 1) throw new ResultsInputError(`cannot merge: two different ${what}; pass one of them`);
  return sections[0]!;
}

/**
 * Items of several sections under one key each, in key order; the same item twice is kept once,
 * two different items under one key are a conflict the user must resolve.
 */
export function mergeByKey<T>(items: readonly T[], keyOf: (item: T) => readonly unknown[], what: string): T[] {
  const byKey = new Map<string, { item: T; content: string }>();
  for (const item of items) {
    const key = canonicalJson(keyOf(item));
    const content = canonicalJson(item);
    const seen = byKey.get(key);
    if (seen && seen.content !== content) throw new ResultsInputError(`cannot merge: two different ${what} for ${keyOf(item).join(" / ")}`);
    byKey.set(key, { item, content });
  }
  return [...byKey.keys()].sort(compareStrings).map((key) => byKey.get(key)!.item);
}

function mergeCatalogs(sections: readonly CatalogSection[]): CatalogSection {
  return { kind: "catalog", schemas: mergeByKey(sections.flatMap((s) => s.schemas), (s) => [s.schemaId, s.file], "catalog entries") };
}

function mergeProbes(sections: readonly ProbeSection[]): ProbeSection {
  const first = sections[0]!;
  const name = `${first.provider} ${first.model}`;
  return {
    ...first,
    measuredAt: sections.map((s) => s.measuredAt).sort(compareStrings).at(-1)!,
    modes: mergeByKey(sections.flatMap((s) => s.modes), (m) => [m.mode], `probe results (${name})`),
    records: sortByContent(sections.flatMap((s) => s.records)),
    diffFromProfile: mergeByKey(sections.flatMap((s) => s.diffFromProfile), (d) => [d.mode, d.feature], `profile contradictions (${name})`),
    measuredWhereUnknown: mergeByKey(sections.flatMap((s) => s.measuredWhereUnknown), (d) => [d.mode, d.feature], `cells measured where the profile says unknown (${name})`),
  };
}

function sortByContent<T>(items: readonly T[]): T[] {
  const keyed = items.map((item) => ({ item, content: canonicalJson(item) }));
  return keyed.sort((a, b) => compareStrings(a.content, b.content)).map(({ item }) => item);
}

function mergeChecks(sections: readonly CheckSection[]): CheckSection {
  const results = mergeByKey(sections.flatMap((s) => s.results), (r) => [r.schemaId, r.target], `${sections[0]!.source} check results`);
  // Note ids are hashes of their texts: the same id is the same note in every shard.
  const notes = Object.fromEntries(sections.flatMap((s) => Object.entries(s.notes)).sort(([a], [b]) => compareStrings(a, b)));
  return {
    kind: "check",
    source: sections[0]!.source,
    targets: mergeCheckTargets(sections.flatMap((s) => s.targets)),
    results,
    toolResults: mergeByKey(sections.flatMap((s) => s.toolResults), (r) => [r.schemaId], "check output schemas"),
    ...mergedToolListFindings(sections),
    badFiles: sortByContent(sections.flatMap((s) => s.badFiles)),
    notes,
  };
}

/** The same finding from two shards (one live source read by both) is stated once. */
function mergedToolListFindings(sections: readonly CheckSection[]): Pick<CheckSection, "toolListFindings"> {
  const all = sections.flatMap((s) => s.toolListFindings ?? []);
  return all.length === 0 ? {} : { toolListFindings: [...new Map(all.map((finding) => [canonicalJson(finding), finding])).values()] };
}

/** Shards check different files: per target, counts add up and blockers and obligations join. */
function mergeCheckTargets(answers: CheckSection["targets"]): CheckSection["targets"] {
  const byTarget = new Map<string, { counts: Record<string, number>; blockers: CheckSection["targets"][number]["blockers"][number][]; obligations: Map<string, { kind: CheckSection["targets"][number]["obligations"][number]["kind"]; note: string; schemaIds: string[] }> }>();
  for (const answer of answers) {
    let merged = byTarget.get(answer.target);
    if (merged === undefined) byTarget.set(answer.target, (merged = { counts: { native: 0, translated: 0, "needs-local-validation": 0, rejected: 0 }, blockers: [], obligations: new Map() }));
    for (const [verdict, count] of Object.entries(answer.counts)) merged.counts[verdict] = (merged.counts[verdict] ?? 0) + count;
    merged.blockers.push(...answer.blockers);
    for (const obligation of answer.obligations) {
      const known = merged.obligations.get(obligation.kind);
      if (known) known.schemaIds.push(...obligation.schemaIds);
      else merged.obligations.set(obligation.kind, { kind: obligation.kind, note: obligation.note, schemaIds: [...obligation.schemaIds] });
    }
  }
  return [...byTarget].map(([target, merged]) => ({
    target,
    counts: merged.counts as CheckSection["targets"][number]["counts"],
    blockers: merged.blockers,
    obligations: [...merged.obligations.values()],
  }));
}

function mergeDispatches(sections: readonly DispatchSection[]): DispatchSection {
  const dispatcher = sections[0]!.dispatcher;
  if (sections.length === 1) return sections[0]!;
  const cases = mergeByKey(sections.flatMap((s) => s.cases), (c) => [c.provider, c.fixture, c.property], `dispatch cases (${dispatcher})`);
  const passed = cases.filter((c) => c.passed).length;
  return { kind: "dispatch", dispatcher, totals: { passed, failed: cases.length - passed }, cases };
}

function mergeCompats(sections: readonly CompatSection[]): CompatSection {
  const results = mergeByKey(
    sections.flatMap((s) => s.results),
    (r) => [r.schemaId, r.direction, r.oldVersion, r.newVersion],
    "compat results",
  );
  return { kind: "compat", results };
}
