// What the judge (lite and Ajv, both recursive) can take, checked without recursion before it is asked,
// and the evidence a cell may keep: bounded in size, with a cut marker, linear in what it keeps.

/** Deeper than any schema the probe sends (its probes nest a few levels). */
export const MAX_JUDGE_DEPTH = 256;
/** An answer longer than this is not a probe's (each asks for a small value). */
export const MAX_JUDGE_CHARS = 4 * 1024 * 1024;

/** Why the judge must not read this value, or null. Iterative: a value nested 100k deep is measured, not recursed into. */
export function judgeableProblem(value: unknown, rawText: string): string | null {
  if (rawText.length > MAX_JUDGE_CHARS) return `the answer is ${rawText.length} characters (more than ${MAX_JUDGE_CHARS}): too large for the judge`;
  const depth = depthOf(value, MAX_JUDGE_DEPTH + 1);
  return depth > MAX_JUDGE_DEPTH ? `the answer's value is nested more than ${MAX_JUDGE_DEPTH} deep: too deep for the judge` : null;
}

/** Nesting depth of a JSON value, counted up to `stopAt`. */
export function depthOf(value: unknown, stopAt: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest >= stopAt) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, inner]);
  }
  return deepest;
}

const MAX_EVIDENCE_STRING = 4096;
const MAX_EVIDENCE_ITEMS = 200;
const MAX_EVIDENCE_DEPTH = 24;
/** The whole evidence of one cell, in characters of its JSON, at most about this. */
const MAX_EVIDENCE_CHARS = 256 * 1024;

/**
 * A copy of a cell's evidence cut to size: long strings, long lists and deep values end in a cut marker
 * saying how much was left out. Every character copied is charged against one budget, so the work and
 * the result are linear in the budget whatever the evidence holds.
 */
export function boundEvidence<T>(evidence: T): T {
  let budget = MAX_EVIDENCE_CHARS;
  const copy = (value: unknown, depth: number): unknown => {
    if (budget <= 0) return "[cut: evidence size bound]";
    if (typeof value === "string") {
      const keep = Math.min(value.length, MAX_EVIDENCE_STRING, budget);
      budget -= keep + 2;
      return keep === value.length ? value : `${value.slice(0, keep)}…[cut: ${value.length - keep} more characters]`;
    }
    if (value === null || typeof value !== "object") {
      budget -= 8;
      return value;
    }
    if (depth >= MAX_EVIDENCE_DEPTH) {
      budget -= 32;
      return `[cut: nested deeper than ${MAX_EVIDENCE_DEPTH}]`;
    }
    budget -= 2;
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_EVIDENCE_ITEMS).map((item) => copy(item, depth + 1));
      return value.length > MAX_EVIDENCE_ITEMS ? [...items, `[cut: ${value.length - MAX_EVIDENCE_ITEMS} more items]`] : items;
    }
    const out: Record<string, unknown> = {};
    let count = 0;
    for (const [key, item] of Object.entries(value)) {
      if (count === MAX_EVIDENCE_ITEMS) {
        out["[cut]"] = `${Object.keys(value).length - MAX_EVIDENCE_ITEMS} more keys`;
        break;
      }
      budget -= key.length + 4;
      out[key] = copy(item, depth + 1);
      count += 1;
    }
    return out;
  };
  return copy(evidence, 0) as T;
}
