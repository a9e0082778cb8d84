// A focus steers one subschema towards a break, but a break under an optional property is only
// reached when that property is there. forcePath makes the way to the steered subschema mandatory:
// each property on the way required, each array on the way non-empty, each alternative on the way the
// only one, and a definition reached through the first `$ref` that names it.
import { formatPointer, isPointerWithin, parsePointer, pointerToRef, resolvePointer } from "../schema/json-pointer.js";
import { listRefs } from "../schema/resolve-ref.js";
import type { JsonSchema } from "../schema/types.js";
import { isSchemaObject } from "../schema/walk-schema.js";

type Mutable = { [keyword: string]: unknown };

export function forcePath(root: JsonSchema, at: string): JsonSchema {
  if (!isSchemaObject(root)) return root;
  const copy = structuredClone(root) as Mutable;
  force(copy, at, new Set());
  return copy;
}

function force(root: Mutable, at: string, visited: Set<string>): void {
  if (visited.has(at)) return;
  visited.add(at);
  const tokens = parsePointer(at);
  for (let index = 0; index < tokens.length; index += 1) {
    const parent = resolvePointer(root, formatPointer(tokens.slice(0, index)));
    if (!isSchemaObject(parent)) return;
    const [keyword, key] = [tokens[index]!, tokens[index + 1]];
    if ((keyword === "$defs" || keyword === "definitions") && index === 0 && key !== undefined) {
      forceReferrer(root, formatPointer(tokens.slice(0, 2)), visited);
      index += 1;
    } else if (keyword === "properties" && key !== undefined) {
      const required = Array.isArray(parent.required) ? parent.required : [];
      if (!required.includes(key)) parent.required = [...required, key];
      index += 1;
    } else if (keyword === "items" && !Array.isArray(parent.items)) {
      parent.minItems = Math.max(typeof parent.minItems === "number" ? parent.minItems : 0, 1);
    } else if ((keyword === "prefixItems" || keyword === "items") && key !== undefined) {
      parent.minItems = Math.max(typeof parent.minItems === "number" ? parent.minItems : 0, Number(key) + 1);
      index += 1;
    } else if ((keyword === "anyOf" || keyword === "oneOf") && key !== undefined && Array.isArray(parent[keyword])) {
      // Keep the list's length so the pointer still lands: the other branches become unreachable.
      parent[keyword] = (parent[keyword] as unknown[]).map((branch, position) => (String(position) === key ? branch : false));
      index += 1;
    } else if (key !== undefined && /^(allOf|dependentSchemas|patternProperties)$/.test(keyword)) {
      index += 1;
    }
  }
}

/** Forces the way to the first `$ref` (in document order) that names this definition from outside it. */
function forceReferrer(root: Mutable, definition: string, visited: Set<string>): void {
  const ref = pointerToRef(definition);
  const referrer = listRefs(root).find((entry) => (entry.ref === ref || entry.ref.startsWith(`${ref}/`)) && !isPointerWithin(entry.path, definition));
  if (referrer) force(root, referrer.path, visited);
}
