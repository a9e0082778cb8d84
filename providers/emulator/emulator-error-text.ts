// Filling the providers' error texts: profile templates mark variable parts as `<name>`, `<context>`,
// `<key>`... (providers.md convention); the context is OpenAI's Python tuple of path segments.
import { parsePointer } from "../../src/schema/json-pointer.js";

/** Replace each `<var>` the values know; unknown placeholders stay visible rather than vanish. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  return template.replace(/<([a-zA-Z]+)>/g, (whole, name: string) => values[name] ?? whole);
}

/** `/properties/a/items` → `('properties', 'a', 'items')`; the root is `()`, one segment keeps its comma. */
export function pythonContext(path: string): string {
  const tokens = parsePointer(path).map(pythonRepr);
  if (tokens.length === 0) return "()";
  if (tokens.length === 1) return `(${tokens[0]},)`;
  return `(${tokens.join(", ")})`;
}

/** Python's repr of a JSON value (`'a'`, `True`, `None`, `{'a': 1}`), as OpenAI's schema checker quotes it. */
export function pythonValue(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return pythonRepr(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonValue).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>).map(([key, item]) => `${pythonRepr(key)}: ${pythonValue(item)}`).join(", ")}}`;
}

/** Python's repr of a str: single quotes unless the text has one and no double quote. */
function pythonRepr(text: string): string {
  const escaped = text.replace(/\\/g, "\\\\");
  if (text.includes("'") && !text.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}
