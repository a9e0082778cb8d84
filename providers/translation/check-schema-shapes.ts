// Mode rules about the shape of a schema (providers.md §1.3, §1.6, §2.4, §3.6): the root must be an
// object (without anyOf), objects need `properties`, arrays need `items`, every schema needs a `type`.
// Translation cannot invent a type or the items of an array, so these are rejections; the one repair
// is `properties: {}` on a closed object without properties.
import { namesNoType } from "../../src/schema/detect-features.js";
import { isSchemaObject, listSubschemas } from "../../src/schema/walk-schema.js";
import { isArrayNode, isObjectNode, type SchemaNode } from "./schema-node-kinds.js";
import type { TranslationDraft } from "./translation-draft.js";

export interface ShapeOptions {
  /** OpenAI takes `properties: {}`; Gemini refuses an OBJECT without properties, so it is refused. */
  readonly emptyObjects: "add-properties" | "refuse";
}

export function checkSchemaShapes(draft: TranslationDraft, options: ShapeOptions = { emptyObjects: "add-properties" }): void {
  const { rules } = draft.mode;
  if (rules.rootMustBeObject) checkRootIsObject(draft);
  if (rules.rootMustNotUseAnyOf) checkRootHasNoAnyOf(draft);
  if (!rules.objectsNeedProperties && !rules.arraysNeedItems) return;
  // Read from the schema as it stands; the one repair edits the private copy (checkObjectProperties).
  for (const { schema: node, path } of listSubschemas(draft.current)) {
    if (!isSchemaObject(node)) continue;
    // A root that already broke the root rule is not reported again as an object without properties.
    const rootAlreadyRejected = path === "" && draft.isRejected("");
    if (rules.objectsNeedProperties && isObjectNode(node) && !rootAlreadyRejected) checkObjectProperties(draft, path, node, options);
    if (rules.arraysNeedItems && isArrayNode(node) && !("items" in node) && !("prefixItems" in node)) {
      draft.reject("items", path, draft.ruleError("arraysNeedItems", path, "an array schema needs items"));
    }
  }
}

/**
 * "schema must have a 'type' key": run after stripping, since the subschemas of removed keywords
 * (`not`, `contains`, `if`...) no longer travel. Every subschema is held to it, composition branches
 * too, so it reaches further than detection's `type:any` (value schemas only); both use that id.
 */
export function checkEverySchemaHasType(draft: TranslationDraft): void {
  if (!draft.mode.rules.schemasNeedType) return;
  for (const { schema: node, path } of listSubschemas(draft.current)) {
    if (path === "" || !isSchemaObject(node) || !namesNoType(node)) continue;
    draft.reject("type:any", path, draft.ruleError("schemasNeedType", path, "every schema needs a type"));
  }
}

function checkRootIsObject(draft: TranslationDraft): void {
  const root = draft.current;
  if (!isSchemaObject(root) || root.type !== "object") {
    draft.reject("root:non-object", "", draft.ruleError("rootMustBeObject", "", "the root must be an object schema"));
  }
}

function checkRootHasNoAnyOf(draft: TranslationDraft): void {
  const root = draft.current;
  if (!isSchemaObject(root)) return;
  const error = (): string => draft.ruleError("rootMustNotUseAnyOf", "", "the root must not use anyOf (documented)");
  if ("anyOf" in root) draft.reject("anyOf", "", error());
  // Where the mode refuses oneOf it is sent as anyOf (or refused), so a root oneOf fails the same way.
  if ("oneOf" in root && draft.status("oneOf") === "rejected") draft.reject("oneOf", "", error());
}

function checkObjectProperties(draft: TranslationDraft, path: string, node: SchemaNode, options: ShapeOptions): void {
  const properties = isSchemaObject(node.properties) ? node.properties : null;
  const empty = properties === null || (options.emptyObjects === "refuse" && Object.keys(properties).length === 0);
  if (!empty) return;
  const error = draft.ruleError("objectsNeedProperties", path, "an object schema needs properties");
  if (node.additionalProperties !== false || options.emptyObjects === "refuse" || !draft.strips) {
    // A free-form object or a map: closing it would leave an object that can hold nothing.
    draft.reject(mapFeature(node), path, error);
    return;
  }
  (draft.editableAt(path) as SchemaNode).properties = {};
  draft.change({ path, keyword: "properties", kind: "added", reason: "the object is closed and has no properties; the provider needs `properties` on every object", lossy: false, feature: "properties" });
}

/** An object whose extra properties are its content: `additionalProperties` absent (true) or a schema. */
export function mapFeature(node: SchemaNode): string {
  return isSchemaObject(node.additionalProperties) ? "additionalProperties:schema" : "additionalProperties:true";
}
