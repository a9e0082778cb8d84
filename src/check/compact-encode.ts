// Results into the compact check section (compact-types.ts), streamed: results arrive in catalog order
// (file, schema, target) and each schema's entry is handed on once its last target is in. Findings go
// to a table that grows as the run goes; lists targets share (by identity) are converted once a schema.
import type { CheckResult, CheckSection, NoteId } from "./types.js";
import { templatedNotes, templateOf } from "./compact-templates.js";
import { resolvePaths } from "./compact-expand.js";
import { compactTargets, SchemaIndexes } from "./compact-targets.js";
import type { CompactAnswer, CompactCheckSection, CompactFinding, CompactPath, CompactSchema, CompactUse } from "./compact-types.js";

export type NoteText = (id: NoteId) => string | undefined;

/** Notes the writer leaves out: those the entries' templated rejections stand for (the reader remakes them). */
export class TemplatedNotes {
  readonly ids = new Set<NoteId>();

  add(entry: CompactSchema, findings: readonly CompactFinding[]): void {
    for (const [id] of templatedNotes(entry, findings, () => resolvePaths(entry.paths))) this.ids.add(id);
  }

  /** The notes to write: all but the templated ones. */
  without(notes: Readonly<Record<NoteId, string>>): Record<NoteId, string> {
    if (this.ids.size === 0) return { ...notes };
    const kept: Record<NoteId, string> = {};
    for (const [id, text] of Object.entries(notes)) if (!this.ids.has(id)) kept[id] = text;
    return kept;
  }
}

/** Every finding once, in first-seen order; a finding's index is its place in `list`. */
export class FindingTable {
  readonly list: CompactFinding[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly byObject = new WeakMap<object, number>();
  private taken = 0;

  index(finding: CompactFinding): number {
    const key = JSON.stringify(finding);
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = this.list.length;
      this.list.push(finding);
      this.byKey.set(key, index);
    }
    return index;
  }

  /** The finding an in-memory entry (shared by identity across targets and schemas) stands for. */
  of(entry: object, make: () => CompactFinding): number {
    let index = this.byObject.get(entry);
    if (index === undefined) this.byObject.set(entry, (index = this.index(make())));
    return index;
  }

  /** The findings added since the last call (a worker's reply: each finding crosses once). */
  takeFresh(): CompactFinding[] {
    const fresh = this.list.slice(this.taken);
    this.taken = this.list.length;
    return fresh;
  }
}

/** One schema's entry as it is built: its path table, its distinct answers, per target its answer. */
class EntryDraft {
  readonly paths: CompactPath[] = [];
  readonly answers: CompactAnswer[] = [];
  readonly at: (number | null)[];
  private readonly pathIndex = new Map<string, number>();
  private readonly answerIndex = new Map<string, number>();
  private readonly lists = new Map<object, CompactUse[]>();
  lastTarget = -1;

  constructor(
    readonly id: string,
    targetCount: number,
    private readonly findings: FindingTable,
    private readonly noteText?: NoteText,
  ) {
    this.at = new Array<number | null>(targetCount).fill(null);
  }

  /** A path's index; its parent (the pointer without its last token) is stated first, once. */
  path(pointer: string): number {
    let index = this.pathIndex.get(pointer);
    if (index !== undefined) return index;
    const cut = pointer.lastIndexOf("/");
    const entry: CompactPath = cut <= 0 ? pointer : [this.path(pointer.slice(0, cut)), pointer.slice(cut)];
    index = this.paths.length;
    this.paths.push(entry);
    this.pathIndex.set(pointer, index);
    return index;
  }

  private list<T extends object>(entries: readonly T[], use: (entry: T) => CompactUse): CompactUse[] | undefined {
    if (entries.length === 0) return undefined;
    let compact = this.lists.get(entries);
    if (compact === undefined) this.lists.set(entries, (compact = entries.map(use)));
    return compact;
  }

  private uses(finding: number, paths: readonly string[], count: number): CompactUse {
    const indexes = paths.map((path) => this.path(path));
    return count === paths.length ? [finding, indexes] : [finding, indexes, count];
  }

  add(result: CheckResult, target: number): void {
    const { findings } = this;
    const changes = this.list(result.changes, (change) =>
      this.uses(
        findings.of(change, () => ({ of: "change", feature: change.feature, keyword: change.keyword, kind: change.kind, lossy: change.lossy, ...(change.obligation ? { obligation: change.obligation } : {}), reason: change.reason })),
        change.paths,
        change.count,
      ),
    );
    const obligations = this.list(result.obligations, (obligation) =>
      this.uses(findings.of(obligation, () => ({ of: "obligation", kind: obligation.kind, note: obligation.note, ...(obligation.sentName !== undefined ? { sentName: obligation.sentName } : {}) })), obligation.paths, obligation.paths.length),
    );
    const ignored = this.list(result.ignored, (entry) => this.uses(findings.of(entry, () => ({ of: "ignored", feature: entry.feature, note: entry.note })), entry.paths, entry.count));
    let rejected: CompactUse[] | undefined = this.lists.get(result.rejected);
    if (rejected === undefined && result.rejected.length > 0) {
      // One rejection per place in memory; consecutive ones for the same finding share a use.
      const grouped: [number, number[]][] = [];
      for (const entry of result.rejected) {
        const text = this.noteText?.(entry.error);
        const template = text === undefined ? undefined : templateOf(text, entry.path, this.id);
        const finding = findings.index(template === undefined ? { of: "rejected", feature: entry.feature, error: entry.error } : { of: "rejected", feature: entry.feature, template });
        const last = grouped[grouped.length - 1];
        if (last !== undefined && last[0] === finding) last[1].push(this.path(entry.path));
        else grouped.push([finding, [this.path(entry.path)]]);
      }
      this.lists.set(result.rejected, (rejected = grouped));
    }
    const fallback = findings.of(result.fallback, () => ({ of: "fallback", rung: result.fallback.rung, reason: result.fallback.reason }));
    const answer: CompactAnswer = { verdict: result.verdict, fallback, ...(changes ? { changes } : {}), ...(obligations ? { obligations } : {}), ...(ignored ? { ignored } : {}), ...(rejected ? { rejected } : {}) };
    const key = JSON.stringify(answer);
    let index = this.answerIndex.get(key);
    if (index === undefined) {
      index = this.answers.length;
      this.answers.push(answer);
      this.answerIndex.set(key, index);
    }
    this.at[target] = index;
    this.lastTarget = target;
  }

  done(): CompactSchema {
    return { id: this.id, paths: this.paths, answers: this.answers, at: this.at };
  }
}

/** Groups results into schema entries as they stream by: a new entry at a new schema (or a target out of order). */
export class SchemaEntryBuilder {
  private draft: EntryDraft | undefined;
  private readonly targetIndex: Map<string, number>;

  constructor(
    readonly targetNames: readonly string[],
    readonly findings: FindingTable,
    /** The text of a note id, so per-place provider errors become templates; without it none do. */
    private readonly noteText?: NoteText,
  ) {
    this.targetIndex = new Map(targetNames.map((name, index) => [name, index]));
  }

  /** Adds a result; returns the previous schema's entry when this result starts a new one. */
  add(result: CheckResult): CompactSchema | undefined {
    const target = this.targetIndex.get(result.target);
    if (target === undefined) throw new Error(`check result for ${result.schemaId} names target ${result.target}, which is not among the targets checked`);
    let finished: CompactSchema | undefined;
    if (this.draft === undefined || this.draft.id !== result.schemaId || target <= this.draft.lastTarget) {
      finished = this.draft?.done();
      this.draft = new EntryDraft(result.schemaId, this.targetNames.length, this.findings, this.noteText);
    }
    this.draft.add(result, target);
    return finished;
  }

  /** The last entry, if any. */
  finish(): CompactSchema | undefined {
    const last = this.draft?.done();
    this.draft = undefined;
    return last;
  }
}

/** Every target a section's results name, in first-seen order (a section built in memory does not list them). */
export function targetNamesOf(section: Pick<CheckSection, "targets" | "results">): string[] {
  const names = new Set(section.targets.map((answer) => answer.target));
  for (const result of section.results) names.add(result.target);
  return [...names];
}

/** A whole in-memory section in the compact shape (for writers that hold it all anyway). */
export function compactCheckSection(section: CheckSection): CompactCheckSection {
  const targetNames = targetNamesOf(section);
  const findings = new FindingTable();
  const builder = new SchemaEntryBuilder(targetNames, findings, (id) => section.notes[id]);
  const schemas: CompactSchema[] = [];
  for (const result of section.results) {
    const done = builder.add(result);
    if (done) schemas.push(done);
  }
  const last = builder.finish();
  if (last) schemas.push(last);
  const templated = new TemplatedNotes();
  const indexes = new SchemaIndexes();
  for (const schema of schemas) {
    templated.add(schema, findings.list);
    indexes.add(schema);
  }
  return {
    kind: "check",
    source: section.source,
    shape: "by-schema",
    targetNames,
    schemas,
    findings: findings.list,
    targets: compactTargets(section.targets, indexes),
    toolResults: section.toolResults,
    badFiles: section.badFiles,
    notes: templated.without(section.notes),
  };
}

/**
 * Schema entries a worker thread built against its own finding table, renumbered into the run's. A
 * worker's new findings are recorded when its reply arrives (replies from one worker come in the order
 * it made them); they get run-wide numbers when an entry first uses them, in catalog order, so the
 * numbering is the same whatever the number of workers and however they were scheduled.
 */
export class WorkerFindings {
  private readonly local = new Map<number, CompactFinding[]>();
  private readonly global = new Map<number, number[]>();

  constructor(readonly findings: FindingTable) {}

  received(worker: number, fresh: readonly CompactFinding[]): void {
    let list = this.local.get(worker);
    if (list === undefined) this.local.set(worker, (list = []));
    list.push(...fresh);
  }

  renumber(worker: number, entry: CompactSchema): CompactSchema {
    const local = this.local.get(worker) ?? [];
    let numbers = this.global.get(worker);
    if (numbers === undefined) this.global.set(worker, (numbers = []));
    const run = (index: number): number => {
      let number = numbers[index];
      if (number === undefined) {
        const finding = local[index];
        if (finding === undefined) throw new Error(`check worker ${worker} used finding ${index} before sending it`);
        numbers[index] = number = this.findings.index(finding);
      }
      return number;
    };
    const uses = (list: readonly CompactUse[] | undefined): CompactUse[] | undefined =>
      list?.map((use) => (use.length === 3 ? [run(use[0]), use[1], use[2]] : [run(use[0]), use[1]]));
    const answers = entry.answers.map((answer): CompactAnswer => {
      const changes = uses(answer.changes);
      const obligations = uses(answer.obligations);
      const ignored = uses(answer.ignored);
      const rejected = uses(answer.rejected);
      const fallback = run(answer.fallback);
      return { verdict: answer.verdict, fallback, ...(changes ? { changes } : {}), ...(obligations ? { obligations } : {}), ...(ignored ? { ignored } : {}), ...(rejected ? { rejected } : {}) };
    });
    return { id: entry.id, paths: entry.paths, answers, at: entry.at };
  }
}
