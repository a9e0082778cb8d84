// results.json: the merged document with a stable key order (`kind` first, then alphabetical) so
// two runs diff cleanly. User data (schemas, instances, evidence, records) keeps its own key order:
// the order of `properties` is part of a schema's meaning to a model.
import type { ResultsDocument } from "./model.js";
import { compactCheckSection } from "../check/compact-encode.js";
import { compareStrings } from "./canonical-json.js";

const USER_DATA_KEYS = new Set(["schema", "instance", "data", "value", "evidence", "records"]);

function orderKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(orderKeys);
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort((a, b) => Number(b === "kind") - Number(a === "kind") || compareStrings(a, b));
  const ordered: Record<string, unknown> = {};
  for (const key of keys) ordered[key] = USER_DATA_KEYS.has(key) ? record[key] : orderKeys(record[key]);
  return ordered;
}

export function renderJson(document: ResultsDocument): string {
  // Check sections compact, as check --format json writes them (read back whole by readResultsFile).
  const compact = { ...document, sections: document.sections.map((section) => (section.kind === "check" ? compactCheckSection(section) : section)) };
  return `${JSON.stringify(orderKeys(compact), null, 2)}\n`;
}
