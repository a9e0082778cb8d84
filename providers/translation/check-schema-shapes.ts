// Mode rules about the shape of a schema (providers.md §1.6, §3.6): the root must be an object, objects
// need `properties`, arrays need `items`, every schema needs a `type`. Translation cannot invent a type or
// the items of an array, so these are rejections; the one repair is `properties: {}` on a closed object.
import { isSchemaObject, listSubschemas } from "../../src/schema/walk-schema.js";
import { isArrayNode, isObjectNode, type SchemaNode } from "./schema-node-kinds.js";
import type { TranslationDraft } from "./translation-draft.js";

export interface ShapeOptions {
  /** OpenAI takes `properties: {}`; Gemini refuses an OBJECT without properties, so it is refused. */
  readonly emptyObjects: "add-properties" | "refuse";
}

const TYPE_LIKE = ["type", "anyOf", "oneOf", "allOf", "$ref", "enum", "const"];

export function checkSchemaShapes(draft: TranslationDraft, options: ShapeOptions = { emptyObjects: "add-properties" }): void {
  const { rules } = draft.mode;
  if (rules.rootMustBeObject) checkRootIsObject(draft);
  for (const visit of listSubschemas(draft.schema)) {
    const node = visit.schema;
    if (!isSchemaObject(node)) continue;
    // A root that already broke the root rule is not reported again as an object without properties.
    const rootAlreadyRejected = visit.path === "" && draft.isRejected("");
    if (rules.objectsNeedProperties && isObjectNode(node) && !rootAlreadyRejected) checkObjectProperties(draft, visit.path, node, options);
    if (rules.arraysNeedItems && isArrayNode(node) && !("items" in node) && !("prefixItems" in node)) {
      draft.reject("items", visit.path, draft.ruleError("arraysNeedItems", visit.path, "an array schema needs items"));
    }
    if (rules.schemasNeedType && visit.path !== "" && !TYPE_LIKE.some((keyword) => keyword in node)) {
      draft.reject("type:any", visit.path, draft.ruleError("schemasNeedType", visit.path, "every schema needs a type"));
    }
  }
}

function checkRootIsObject(draft: TranslationDraft): void {
  const root = draft.schema;
  const isObjectRoot = isSchemaObject(root) && root.type === "object" && !("anyOf" in root) && !("oneOf" in root);
  if (!isObjectRoot) draft.reject("root:non-object", "", draft.ruleError("rootMustBeObject", "", "the root must be an object schema"));
}

function checkObjectProperties(draft: TranslationDraft, path: string, node: SchemaNode, options: ShapeOptions): void {
  const properties = isSchemaObject(node.properties) ? node.properties : null;
  const empty = properties === null || (options.emptyObjects === "refuse" && Object.keys(properties).length === 0);
  if (!empty) return;
  const error = draft.ruleError("objectsNeedProperties", path, "an object schema needs properties");
  if (node.additionalProperties !== false || options.emptyObjects === "refuse" || !draft.strips) {
    // A free-form object or map: closing it would leave an object that can hold nothing.
    draft.reject(mapFeature(node), path, error);
    return;
  }
  node.properties = {};
  draft.change({ path, keyword: "properties", kind: "added", reason: "the object is closed and has no properties; the provider needs `properties` on every object", lossy: false, feature: "properties" });
}

function mapFeature(node: SchemaNode): string {
  if (node.additionalProperties === true) return "additionalProperties:true";
  if (isSchemaObject(node.additionalProperties)) return "additionalProperties:schema";
  return "properties";
}
