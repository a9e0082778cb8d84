// Copy-on-write edits of a JSON value: the base value stays untouched (fast-check may hand the same
// value to several shrink candidates), only the containers on the path are copied.
import { setOwnProperty } from "./canonical-json.js";

export function replaceAt(root: unknown, tokens: readonly (string | number)[], replacement: unknown): unknown {
  return replaceFrom(root, tokens, 0, replacement);
}

/** replaceAt for tokens[from..]: an index instead of a rest copy of the tokens at every level. */
function replaceFrom(root: unknown, tokens: readonly (string | number)[], from: number, replacement: unknown): unknown {
  if (from === tokens.length) return replacement;
  const head = tokens[from]!;
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[head as number] = replaceFrom(root[head as number], tokens, from + 1, replacement);
    return copy;
  }
  const source = (root ?? {}) as Record<string, unknown>;
  // Spread copies own properties as own properties (an own "__proto__" stays a key), in order.
  const copy: Record<string, unknown> = { ...source };
  const key = String(head);
  setOwnProperty(copy, key, replaceFrom(Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined, tokens, from + 1, replacement));
  return copy;
}

/** An object like source with name added last as an own property (even `__proto__`). */
export function withProperty(source: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...source };
  setOwnProperty(copy, name, value);
  return copy;
}

export function withoutProperty(source: Record<string, unknown>, name: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) if (key !== name) setOwnProperty(copy, key, source[key]);
  return copy;
}

/** JSON text of root where the number at tokens is spelled with a ".0" fraction (1 → 1.0). */
export function jsonWithWholeFraction(root: unknown, tokens: readonly (string | number)[]): string {
  const marker = "\u0000schemalab-whole\u0000";
  const value = tokensValue(root, tokens) as number;
  const text = JSON.stringify(replaceAt(root, tokens, marker));
  return text.replace(JSON.stringify(marker), `${value}.0`);
}

function tokensValue(root: unknown, tokens: readonly (string | number)[]): unknown {
  return tokens.reduce<unknown>((current, token) => (current as Record<string, unknown>)?.[token as string], root);
}
