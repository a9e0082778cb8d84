// Provider error texts are stored verbatim with `<...>` for their variable parts (providers.md's own
// convention); rendering fills the parts a place in the schema determines and leaves the rest as written.
import { parsePointer } from "../../src/schema/json-pointer.js";
import { isSchemaObject } from "../../src/schema/walk-schema.js";

export type ErrorVars = Readonly<Record<string, string | number | undefined>>;

export function renderProviderError(template: string, vars: ErrorVars): string {
  return template.replace(/<([a-z]+)>/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** OpenAI names a place as a Python tuple of path tokens: `()`, `('properties',)`, `('properties', 'a')`. */
export function openAIContext(path: string): string {
  const tokens = parsePointer(path).map((token) => `'${token}'`);
  if (tokens.length === 1) return `(${tokens[0]},)`;
  return `(${tokens.join(", ")})`;
}

/** The `type` as providers print it in messages (`None` when absent, as OpenAI's Python does). */
export function typeName(node: unknown): string {
  if (!isSchemaObject(node)) return "None";
  const { type } = node;
  if (typeof type === "string") return type;
  if (Array.isArray(type) && type.length > 0) return type.map(String).join(", ");
  return "None";
}

/** The variables a schema place gives an error text: name, JSON Pointer, OpenAI context, last key, type. */
export function placeVars(name: string, path: string, node: unknown, extra: ErrorVars = {}): ErrorVars {
  const tokens = parsePointer(path);
  return { name, path, context: openAIContext(path), key: tokens[tokens.length - 1], type: typeName(node), ...extra };
}

/** A rejection reason of schemalab's own, marked so nobody mistakes it for the provider's text. */
export function reasonWithoutProviderText(reason: string): string {
  return `schemalab (no provider error text on record): ${reason}`;
}
