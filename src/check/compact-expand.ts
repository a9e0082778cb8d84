// The compact check section (compact-types.ts) back into CheckSection, one result per schema × target
// in the order they were written. Nothing is lost: expandCheckSection(compactCheckSection(s)) equals s.
import type { CompactCheckSection, CompactFinding, CompactPath, CompactSchema, CompactUse } from "./compact-types.js";
import { fillTemplate } from "./compact-templates.js";
import { expandTargets } from "./compact-targets.js";
import { noteId } from "./note-book.js";
import type { NoteId } from "./types.js";
import type { CheckChange, CheckFallback, CheckIgnored, CheckObligation, CheckRejected, CheckResult, CheckSection } from "./types.js";

export class CompactCheckError extends Error {
  override readonly name = "CompactCheckError";
}

/** True for the compact shape; a section with `results` is the expanded one (older files, the API). */
export function isCompactCheckSection(value: unknown): value is CompactCheckSection {
  return typeof value === "object" && value !== null && (value as { shape?: unknown }).shape === "by-schema";
}

/** Every pointer of a path table (each entry's parent comes before it). */
export function resolvePaths(paths: readonly CompactPath[], where = "paths"): string[] {
  const pointers: string[] = [];
  paths.forEach((entry, index) => {
    if (typeof entry === "string") pointers.push(entry);
    else {
      const parent = pointers[entry[0]];
      if (parent === undefined || entry[0] >= index) throw new CompactCheckError(`${where}/${index}: refers to path ${entry[0]}, which does not come before it`);
      pointers.push(parent + entry[1]);
    }
  });
  return pointers;
}

type Body = Omit<CheckResult, "schemaId" | "target">;

function finding<K extends CompactFinding["of"]>(findings: readonly CompactFinding[], index: number, of: K, where: string): Extract<CompactFinding, { of: K }> {
  const found = findings[index];
  if (found === undefined || found.of !== of) throw new CompactCheckError(`${where}: finding ${index} is not a ${of} finding`);
  return found as Extract<CompactFinding, { of: K }>;
}

function answerBodies(schema: CompactSchema, findings: readonly CompactFinding[], where: string, made?: Map<NoteId, string>): Body[] {
  const pointers = resolvePaths(schema.paths, `${where}/paths`);
  const pathsOf = (use: CompactUse, at: string): string[] =>
    use[1].map((index) => {
      const pointer = pointers[index];
      if (pointer === undefined) throw new CompactCheckError(`${at}: path ${index} is not in the schema's paths`);
      return pointer;
    });
  return schema.answers.map((answer, index) => {
    const at = `${where}/answers/${index}`;
    const changes: CheckChange[] = (answer.changes ?? []).map((use, k) => {
      const { of: _of, ...change } = finding(findings, use[0], "change", `${at}/changes/${k}`);
      const paths = pathsOf(use, `${at}/changes/${k}`);
      return { feature: change.feature, keyword: change.keyword, kind: change.kind, lossy: change.lossy, ...(change.obligation ? { obligation: change.obligation } : {}), reason: change.reason, count: use[2] ?? paths.length, paths };
    });
    const obligations: CheckObligation[] = (answer.obligations ?? []).map((use, k) => {
      const { of: _of, ...obligation } = finding(findings, use[0], "obligation", `${at}/obligations/${k}`);
      return { kind: obligation.kind, paths: pathsOf(use, `${at}/obligations/${k}`), note: obligation.note, ...(obligation.sentName !== undefined ? { sentName: obligation.sentName } : {}) };
    });
    const ignored: CheckIgnored[] = (answer.ignored ?? []).map((use, k) => {
      const entry = finding(findings, use[0], "ignored", `${at}/ignored/${k}`);
      const paths = pathsOf(use, `${at}/ignored/${k}`);
      return { feature: entry.feature, note: entry.note, count: use[2] ?? paths.length, paths };
    });
    const rejected: CheckRejected[] = (answer.rejected ?? []).flatMap((use, k) => {
      const entry = finding(findings, use[0], "rejected", `${at}/rejected/${k}`);
      return pathsOf(use, `${at}/rejected/${k}`).map((path) => {
        if (!("template" in entry)) return { feature: entry.feature, path, error: entry.error };
        // A templated provider error: its text for this place, under the id that text has.
        const text = fillTemplate(entry.template, path, schema.id);
        const error = noteId(text);
        made?.set(error, text);
        return { feature: entry.feature, path, error };
      });
    });
    const { rung, reason } = finding(findings, answer.fallback, "fallback", `${at}/fallback`);
    const fallback: CheckFallback = { rung, reason };
    return { verdict: answer.verdict, changes, obligations, ignored, rejected, fallback };
  });
}

/** Each schema entry's results, in target order. */
export function* expandSchemaEntries(section: Pick<CompactCheckSection, "schemas" | "findings" | "targetNames">, made?: Map<NoteId, string>): Generator<CheckResult> {
  for (const [index, schema] of section.schemas.entries()) {
    const where = `/schemas/${index}`;
    const bodies = answerBodies(schema, section.findings, where, made);
    for (const [target, answer] of schema.at.entries()) {
      if (answer === null) continue;
      const body = bodies[answer];
      const name = section.targetNames[target];
      if (body === undefined || name === undefined) throw new CompactCheckError(`${where}/at/${target}: no answer ${answer} or no target ${target}`);
      yield { schemaId: schema.id, target: name, ...body };
    }
  }
}

export function expandCheckSection(section: CompactCheckSection): CheckSection {
  const made = new Map<NoteId, string>();
  const results = [...expandSchemaEntries(section, made)];
  return {
    kind: "check",
    source: section.source,
    targets: expandTargets(section.targets, section.schemas, (where, index) => {
      throw new CompactCheckError(`${where}: no schema entry ${index}`);
    }),
    results,
    toolResults: section.toolResults,
    ...(section.toolListFindings === undefined ? {} : { toolListFindings: section.toolListFindings }),
    badFiles: section.badFiles,
    notes: made.size === 0 ? section.notes : withMadeNotes(section.notes, made),
  };
}

/** The written notes and those templates made, sorted by id as the writer sorts them. */
function withMadeNotes(notes: Readonly<Record<NoteId, string>>, made: ReadonlyMap<NoteId, string>): Record<NoteId, string> {
  const all = new Map<NoteId, string>([...Object.entries(notes), ...made]);
  const sorted: Record<NoteId, string> = {};
  for (const id of [...all.keys()].sort()) sorted[id] = all.get(id)!;
  return sorted;
}

/** `check --format json` output as a CheckSection (either shape): for scripts and tests that read it whole. */
export function parseCheckJson(text: string): CheckSection {
  const value = JSON.parse(text) as CheckSection | CompactCheckSection;
  return isCompactCheckSection(value) ? expandCheckSection(value) : value;
}
