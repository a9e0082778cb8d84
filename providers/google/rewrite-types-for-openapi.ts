// Gemini's OpenAPI Schema has one `type` and a `nullable` flag, and string-valued enums (providers.md
// §3.2, §5.1): type arrays become type + nullable or anyOf, a null branch of anyOf becomes nullable,
// const becomes a one-value enum, and number enums travel as `format: "enum"` with string values.
import { isSchemaObject, listSubschemas } from "../../src/schema/walk-schema.js";
import { reasonWithoutProviderText } from "../translation/render-provider-error.js";
import type { SchemaNode } from "../translation/schema-node-kinds.js";
import type { TranslationDraft } from "../translation/translation-draft.js";

export function rewriteTypesForOpenAPI(draft: TranslationDraft): void {
  for (const { schema: node, path } of listSubschemas(draft.schema)) {
    if (!isSchemaObject(node)) continue;
    if (Array.isArray(node.type)) rewriteTypeArray(draft, node, path);
    if (Array.isArray(node.anyOf)) foldNullBranch(draft, node, path);
    if ("const" in node && !("enum" in node)) constToEnum(draft, node, path);
    if (Array.isArray(node.enum)) rewriteEnum(draft, node, path);
  }
}

const isNullBranch = (branch: unknown): boolean => isSchemaObject(branch) && branch.type === "null" && Object.keys(branch).length === 1;

function rewriteTypeArray(draft: TranslationDraft, node: SchemaNode, path: string): void {
  const types = [...new Set(node.type as unknown[])].filter((t): t is string => typeof t === "string");
  const nonNull = types.filter((type) => type !== "null");
  if (nonNull.length > 1 && "anyOf" in node) {
    draft.reject("type:union", path, draft.featureError("type:union", path));
    return;
  }
  if (nonNull.length === 1 || nonNull.length === 0) node.type = nonNull[0] ?? "null";
  else {
    delete node.type;
    node.anyOf = nonNull.map((type) => ({ type }));
  }
  if (types.includes("null") && nonNull.length > 0) node.nullable = true;
  const how = nonNull.length > 1 ? "anyOf of single types" : "one type";
  draft.change({ path, keyword: "type", kind: "rewritten", reason: `type array sent as ${how}${node.nullable ? " plus nullable: true" : ""} (the OpenAPI dialect has no type arrays)`, lossy: false, feature: "type:union" });
}

function foldNullBranch(draft: TranslationDraft, node: SchemaNode, path: string): void {
  const branches = node.anyOf as unknown[];
  if (!branches.some(isNullBranch)) return;
  const rest = branches.filter((branch) => !isNullBranch(branch));
  if (rest.length === 0) return;
  node.nullable = true;
  const only = rest.length === 1 ? rest[0] : undefined;
  if (isSchemaObject(only) && Object.keys(only).every((keyword) => !(keyword in node) || keyword === "anyOf")) {
    delete node.anyOf;
    Object.assign(node, only);
  } else {
    node.anyOf = rest;
  }
  draft.change({ path, keyword: "anyOf", kind: "rewritten", reason: "the null branch of anyOf sent as nullable: true", lossy: false, feature: "anyOf" });
}

function constToEnum(draft: TranslationDraft, node: SchemaNode, path: string): void {
  node.enum = [node.const];
  delete node.const;
  draft.change({ path, keyword: "const", kind: "rewritten", reason: "const sent as a one-value enum (the OpenAPI dialect has no const)", lossy: false, feature: "const" });
}

function rewriteEnum(draft: TranslationDraft, node: SchemaNode, path: string): void {
  let values = node.enum as unknown[];
  if (values.includes(null)) {
    values = values.filter((value) => value !== null);
    node.enum = values;
    node.nullable = true;
    draft.change({ path, keyword: "enum", kind: "rewritten", reason: "null in enum sent as nullable: true", lossy: false, feature: "enum" });
  }
  if (values.every((value) => typeof value === "string")) return;
  if (!values.every((value) => typeof value === "number")) {
    draft.reject("enum", path, reasonWithoutProviderText("the OpenAPI dialect takes string enums (numbers via format: enum); this mixed or boolean enum cannot be expressed"));
    return;
  }
  node.type ??= values.every((value) => Number.isInteger(value)) ? "integer" : "number";
  node.format = "enum";
  node.enum = values.map((value) => String(value));
  draft.dialectUses.push({ feature: "format:other", path });
  draft.change({ path, keyword: "enum", kind: "rewritten", reason: "number enum sent as format: enum with string values (Vertex Schema reference: {type: INTEGER, format: enum, enum: [\"101\", \"201\"]})", lossy: false, feature: "enum" });
}
