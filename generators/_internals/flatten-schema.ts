// $ref and allOf at one instance location are conjunctions: fold them into one schema object once,
// so every mapper below sees plain keywords. Cached per schema object, so compiled arbitraries are too.
import type { JsonSchema } from "../../src/schema/types.js";
import type { Flattened } from "./generation-context.js";
import { mergeSchemaObjects, withoutKeywords, type SchemaObject } from "./merge-schemas.js";

/** Asserting keywords the generator does not build values for: values are filtered against the node. */
const FILTER_ONLY_KEYWORDS = ["$dynamicRef", "$recursiveRef"];
/**
 * unevaluated* need no filter: a closed object only gets names declared by the schema parts that
 * hold for it (its properties, patternProperties, the anyOf/oneOf branch, the then side or the
 * dependent schema it was built from), a closed array only positions its items/prefixItems cover;
 * those are all evaluated.
 */
const CLOSING_KEYWORDS: Readonly<Record<string, string>> = { unevaluatedProperties: "$schemalabClosed", unevaluatedItems: "$schemalabClosedItems" };

/** Marks a folded object whose undeclared names must stay away (unevaluatedProperties, dependentSchemas variants). */
export const CLOSED_MARK = "$schemalabClosed";
export const CLOSED_ITEMS_MARK = "$schemalabClosedItems";
export const ABSENT_MARK = "$schemalabAbsent";

const FALSE_RESULT: Flattened = { flat: false, residuals: [] };

export function flattenSchema(schema: JsonSchema, resolveRef: (ref: string) => JsonSchema): Flattened {
  if (schema === false) return FALSE_RESULT;
  if (schema === true) return { flat: {}, residuals: [] };
  const parts: SchemaObject[] = [];
  const residuals: SchemaObject[] = [];
  const seen = new Set<object>();
  let contradiction = false;
  const visit = (node: JsonSchema): void => {
    if (node === true || seen.has(node as object)) return;
    if (node === false) {
      contradiction = true;
      return;
    }
    seen.add(node);
    const part = withoutKeywords(node, ["$ref", "allOf", ...Object.keys(CLOSING_KEYWORDS), ...FILTER_ONLY_KEYWORDS]);
    if (FILTER_ONLY_KEYWORDS.some((keyword) => keyword in node)) residuals.push(node);
    for (const [keyword, mark] of Object.entries(CLOSING_KEYWORDS)) if (node[keyword] !== undefined && node[keyword] !== true) part[mark] = true;
    parts.push(part);
    if (typeof node.$ref === "string") visit(resolveRef(node.$ref));
    if (Array.isArray(node.allOf)) for (const member of node.allOf) visit(member as JsonSchema);
  };
  visit(schema);
  if (contradiction) return FALSE_RESULT;
  return foldParts(parts, residuals);
}

function foldParts(parts: SchemaObject[], residuals: SchemaObject[]): Flattened {
  let flat: SchemaObject = parts[0] ?? {};
  for (const part of parts.slice(1)) {
    const { merged, residuals: leftOver } = mergeSchemaObjects(flat, part);
    if (merged === false) return FALSE_RESULT;
    flat = merged;
    residuals.push(...leftOver);
  }
  return { flat, residuals };
}

/** base ∧ extra, with extra flattened first; residuals of both sides are kept. */
export function mergeFlattened(base: SchemaObject, extra: Flattened): Flattened {
  if (extra.flat === false) return FALSE_RESULT;
  const { merged, residuals } = mergeSchemaObjects(base, extra.flat);
  if (merged === false) return FALSE_RESULT;
  return { flat: merged, residuals: [...extra.residuals, ...residuals] };
}
