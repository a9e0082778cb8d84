// The JSON text of a check result, exactly as JSON.stringify gives it, but with the lists targets share
// (a shared translation's grouped changes, shared findings) serialised once per list rather than once per
// target: at scale most results repeat the same few lists.
import type { CheckResult } from "./types.js";

const RESULT_KEYS = ["schemaId", "target", "verdict", "changes", "obligations", "ignored", "rejected", "fallback"] as const;

// By list identity. The lists of a finished check are never edited, so a list's text never goes stale.
const listTexts = new WeakMap<object, string>();

function sharedListJson(list: readonly unknown[]): string {
  if (list.length === 0) return "[]";
  let text = listTexts.get(list);
  if (text === undefined) listTexts.set(list, (text = JSON.stringify(list)));
  return text;
}

/** JSON.stringify(result), byte for byte; results of another shape go through JSON.stringify itself. */
export function checkResultJson(result: CheckResult): string {
  const keys = Object.keys(result);
  const record = result as unknown as Record<string, unknown>;
  if (keys.length !== RESULT_KEYS.length || RESULT_KEYS.some((key, index) => keys[index] !== key || record[key] === undefined)) return JSON.stringify(result);
  if (!Array.isArray(result.changes) || !Array.isArray(result.ignored) || !Array.isArray(result.rejected)) return JSON.stringify(result);
  return `{"schemaId":${JSON.stringify(result.schemaId)},"target":${JSON.stringify(result.target)},"verdict":${JSON.stringify(result.verdict)},"changes":${sharedListJson(result.changes)},"obligations":${JSON.stringify(result.obligations)},"ignored":${sharedListJson(result.ignored)},"rejected":${sharedListJson(result.rejected)},"fallback":${JSON.stringify(result.fallback)}}`;
}
