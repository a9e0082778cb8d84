// The request body fragment around a translated schema, from the mode's `request` shape in its profile:
// the same data tells the emulators and the probe where each mode's schema travels.
import { parsePointer } from "../../src/schema/json-pointer.js";
import type { DeclaredSchema, JsonSchema } from "../../src/schema/types.js";
import type { RequestShape } from "../profiles/profile-types.js";

/** Tool and response-format names: OpenAI, Anthropic and Gemini all take `[a-zA-Z0-9_-]`, at most 64. */
export function requestName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64);
  return cleaned === "" ? "schema" : cleaned;
}

export function buildRequestFragment(shape: RequestShape, declared: DeclaredSchema, native: JsonSchema | null): Record<string, unknown> {
  const fragment = structuredClone(shape.fragment) as Record<string, unknown>;
  if (shape.nameAt) setAt(fragment, shape.nameAt, requestName(declared.name));
  if (shape.descriptionAt && declared.description) setAt(fragment, shape.descriptionAt, declared.description);
  if (native !== null) setAt(fragment, shape.schemaAt, shape.schemaEncoding === "json-string" ? JSON.stringify(native) : structuredClone(native));
  return fragment;
}

function setAt(document: Record<string, unknown>, pointer: string, value: unknown): void {
  const tokens = parsePointer(pointer);
  let current: Record<string, unknown> | unknown[] = document;
  tokens.forEach((token, index) => {
    const last = index === tokens.length - 1;
    const slot = Array.isArray(current) ? Number(token) : token;
    const container = current as Record<string | number, unknown>;
    if (last) {
      container[slot] = value;
      return;
    }
    if (container[slot] === undefined || container[slot] === null) container[slot] = /^\d+$/.test(tokens[index + 1]!) ? [] : {};
    current = container[slot] as Record<string, unknown> | unknown[];
  });
}
