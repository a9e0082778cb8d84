// Where a mode imposes property order (OpenAI strict, Gemini, Anthropic's JSON outputs: providers.md
// §1.3, §2.2, §3.3), the emulated answer's objects list their declared properties first, in declared
// order, then any others as written. Applied to the answer text when the mode's order:properties cell
// is enforced.
export function orderAsDeclared(text: string, schema: unknown): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(reorder(value, schema));
}

function reorder(value: unknown, schema: unknown): unknown {
  if (schema === null || typeof schema !== "object") return value;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(value)) return node.items === undefined ? value : value.map((item) => reorder(item, node.items));
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) if (key in record) out[key] = reorder(record[key], properties[key]);
  for (const [key, item] of Object.entries(record)) if (!(key in out)) out[key] = item;
  return out;
}
