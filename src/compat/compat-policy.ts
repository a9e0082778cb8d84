// A team's compat policy: severity overrides per rule (`--severity RULE=breaking|warning|ignore`)
// and an ignore file of accepted breaks, each by rule id, schema id and/or path, with a reason and
// an optional expiry date (YYYY-MM-DD; past it the entry stops applying, so an accepted break is
// looked at again). A break whose every confirmed change is waived no longer fails the verb; the
// result keeps its verdict and says which changes were waived and why (in its notes).
import { readFileSync } from "node:fs";
import type { CompatChange, CompatResult, CompatSection } from "../report/model.js";

export type RuleSeverity = "breaking" | "warning" | "ignore";

export interface IgnoreEntry {
  readonly rule?: string;
  readonly schemaId?: string;
  readonly path?: string;
  readonly reason: string;
  readonly expires?: string;
}

export class CompatPolicyError extends Error {
  override readonly name = "UsageError";
}

export function readIgnoreFile(file: string): IgnoreEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CompatPolicyError(`--ignore-file ${file}: ${(error as Error).message}`);
  }
  const entries = Array.isArray(raw) ? raw : (raw as { ignore?: unknown })?.ignore;
  if (!Array.isArray(entries)) throw new CompatPolicyError(`--ignore-file ${file}: expected an array of { rule?, schemaId?, path?, reason, expires? } (or { "ignore": [...] })`);
  return entries.map((entry, index) => {
    const place = `--ignore-file ${file} at /${Array.isArray(raw) ? "" : "ignore/"}${index}`;
    if (typeof entry !== "object" || entry === null) throw new CompatPolicyError(`${place}: expected an object`);
    const { rule, schemaId, path, reason, expires } = entry as Record<string, unknown>;
    if (typeof reason !== "string" || reason.trim() === "") throw new CompatPolicyError(`${place}: every entry needs a reason`);
    if (rule === undefined && schemaId === undefined && path === undefined) throw new CompatPolicyError(`${place}: name a rule, a schemaId or a path`);
    for (const [key, value] of Object.entries({ rule, schemaId, path })) if (value !== undefined && typeof value !== "string") throw new CompatPolicyError(`${place}/${key}: expected a string`);
    if (expires !== undefined && (typeof expires !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(expires))) throw new CompatPolicyError(`${place}/expires: expected YYYY-MM-DD`);
    return entry as IgnoreEntry;
  });
}

export function parseSeverities(specs: readonly string[]): Map<string, RuleSeverity> {
  const severities = new Map<string, RuleSeverity>();
  for (const spec of specs) {
    const match = /^([^=]+)=(breaking|warning|ignore)$/.exec(spec);
    if (!match) throw new CompatPolicyError(`--severity: expected RULE=breaking|warning|ignore, got '${spec}'`);
    severities.set(match[1]!, match[2] as RuleSeverity);
  }
  return severities;
}

function waiverOf(result: CompatResult, change: CompatChange, entries: readonly IgnoreEntry[], severities: ReadonlyMap<string, RuleSeverity>, today: string): string | undefined {
  // Rule ids are the change kinds (`required-added`, `maximum-tightened`...); `rule` is their prose.
  const severity = severities.get(change.kind);
  if (severity === "ignore" || severity === "warning") return `severity of ${change.kind} set to ${severity}`;
  const entry = entries.find(
    (e) => (e.expires === undefined || e.expires >= today) && (e.rule === undefined || e.rule === change.kind) && (e.schemaId === undefined || e.schemaId === result.schemaId) && (e.path === undefined || e.path === change.path),
  );
  return entry ? `ignored: ${entry.reason}${entry.expires ? ` (until ${entry.expires})` : ""}` : undefined;
}

/** The section with waived changes noted, and whether each breaking result still fails. */
export function applyCompatPolicy(section: CompatSection, entries: readonly IgnoreEntry[], severities: ReadonlyMap<string, RuleSeverity>, today: string): { section: CompatSection; waived: ReadonlySet<CompatResult> } {
  const waived = new Set<CompatResult>();
  const results = section.results.map((result) => {
    if (result.verdict !== "breaking") return result;
    const confirmed = result.changes.filter((change) => change.status !== "unconfirmed");
    const reasons = confirmed.map((change) => [change, waiverOf(result, change, entries, severities, today)] as const);
    const notes = reasons.filter(([, why]) => why !== undefined).map(([change, why]) => `${change.kind} at ${change.path || "/"}: ${why}`);
    if (notes.length === 0) return result;
    const next = { ...result, notes: [...(result.notes ?? []), ...notes] };
    if (confirmed.length > 0 && reasons.every(([, why]) => why !== undefined)) waived.add(next);
    return next;
  });
  return { section: { ...section, results }, waived };
}
