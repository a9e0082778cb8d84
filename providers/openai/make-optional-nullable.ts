// OpenAI strict needs every property in `required` (providers.md §1.2, §1.3): an optional property
// becomes required and nullable, and "absent" travels as null. The mapping is lossless both ways when
// the declared property does not already admit null, provided the app drops those nulls again before
// its handler runs (dropNullsForOptionalFields): the change carries that obligation.
import { appendPointer } from "../../src/schema/json-pointer.js";
import { optionalPropertyNames } from "../../src/schema/measure-schema.js";
import { isSchemaObject } from "../../src/schema/walk-schema.js";
import { admitsNull, objectNodeVisits, type SchemaNode } from "../translation/schema-node-kinds.js";
import type { TranslationDraft } from "../translation/translation-draft.js";

export function makeOptionalNullable(draft: TranslationDraft): void {
  for (const { schema: node, path } of objectNodeVisits(draft.schema)) {
    if (!isSchemaObject(node.properties)) continue;
    if (draft.strips) requireEveryProperty(draft, node, node.properties, path);
    else reportOptionalProperties(draft, node, path);
  }
}

function reportOptionalProperties(draft: TranslationDraft, node: SchemaNode, path: string): void {
  for (const name of optionalPropertyNames(node)) {
    const error = draft.ruleError("allPropertiesRequired", path, "every property must be required", { key: name });
    draft.reject("optional", appendPointer(path, "properties", name), error);
  }
}

function requireEveryProperty(draft: TranslationDraft, node: SchemaNode, properties: SchemaNode, path: string): void {
  for (const name of optionalPropertyNames(node)) {
    const propertyPath = appendPointer(path, "properties", name);
    const already = admitsNull(properties[name]);
    if (!already) properties[name] = makeNullable(properties[name]);
    const reason = already
      ? "optional → required; the property already admits null, so absent and null both arrive as null"
      : "optional → required and nullable: an absent value arrives as null, which the declared schema refuses";
    if (already) draft.change({ path: propertyPath, keyword: "required", kind: "rewritten", reason, lossy: false, feature: "optional" });
    else draft.change({ path: propertyPath, keyword: "required", kind: "rewritten", reason, lossy: false, feature: "optional", obligation: "drop-nulls-for-optional-fields" });
  }
  const names = Object.keys(properties);
  const declared = Array.isArray(node.required) ? node.required : undefined;
  const extra = (declared ?? []).filter((name) => !names.includes(name as string));
  if (extra.length > 0) {
    draft.change({ path, keyword: "required", kind: "removed", reason: `required names no declared property: ${extra.join(", ")} (the provider refuses extra required keys)`, lossy: true, feature: "required" });
  } else if (declared === undefined && names.length === 0) {
    draft.change({ path, keyword: "required", kind: "added", reason: "the provider needs `required` on every object with properties", lossy: false, feature: "required" });
  }
  node.required = names;
}

/**
 * The property schema with null let through, by type (and enum) where it has a type, else by anyOf.
 * Edits the node in place (so nested nodes already listed stay in the tree) or wraps it.
 */
export function makeNullable(schema: unknown): unknown {
  if (!isSchemaObject(schema) || "const" in schema) return { anyOf: [schema, { type: "null" }] };
  if (typeof schema.type === "string") schema.type = [schema.type, "null"];
  else if (Array.isArray(schema.type)) schema.type = [...schema.type, "null"];
  else if (Array.isArray(schema.anyOf)) schema.anyOf = [...schema.anyOf, { type: "null" }];
  else return { anyOf: [schema, { type: "null" }] };
  if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
  return schema;
}
