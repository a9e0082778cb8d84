// `additionalProperties: false` on every object: required by OpenAI strict (providers.md §1.2) and
// forced by Anthropic's SDKs (§2.5). Adding it where absent only narrows what the model may send
// (declared properties are the contract); an object that is really a map cannot be closed.
import { isSchemaObject } from "../../src/schema/walk-schema.js";
import { mapFeature } from "./check-schema-shapes.js";
import { reasonWithoutProviderText } from "./render-provider-error.js";
import { objectNodeVisits, type SchemaNode } from "./schema-node-kinds.js";
import type { TranslationDraft } from "./translation-draft.js";

export function closeObjects(draft: TranslationDraft): void {
  const required = draft.mode.rules.additionalPropertiesFalseRequired === true;
  for (const { schema: node, path } of objectNodeVisits(draft.schema)) {
    if (node.additionalProperties === false) continue;
    const declared = isSchemaObject(node.properties) ? Object.keys(node.properties).length : null;
    if (node.additionalProperties === undefined) {
      // `properties: {}` says "no properties" (a zero-argument tool); no `properties` at all says "any object".
      if (declared === null) refuseMap(draft, node, path);
      else closeOpenObject(draft, node, path, required);
    } else if (!declared) refuseMap(draft, node, path);
    else closeObjectWithExtras(draft, node, path);
  }
}

/** A free-form object or a map: closed, it could hold nothing, so it is refused rather than closed. */
function refuseMap(draft: TranslationDraft, node: SchemaNode, path: string): void {
  const feature = mapFeature(node);
  // A mode whose cell takes the map (OpenAI Responses without `strict`: it falls back to non-strict where
  // strict would refuse) sends it open; the cell's note and status say what is held.
  if (draft.status(feature) === "enforced") return;
  if (node.additionalProperties !== undefined) {
    draft.reject(feature, path, draft.featureError(feature, path));
  } else if (draft.strips) {
    draft.reject(feature, path, reasonWithoutProviderText("an object without properties holds anything; closed with additionalProperties: false it could hold nothing"));
  } else if (draft.mode.rules.additionalPropertiesFalseRequired) {
    draft.reject("additionalProperties:false", path, draft.ruleError("additionalPropertiesFalseRequired", path, "additionalProperties must be false on every object"));
  }
}

function closeOpenObject(draft: TranslationDraft, node: SchemaNode, path: string, required: boolean): void {
  if (draft.strips) {
    node.additionalProperties = false;
    draft.change({ path, keyword: "additionalProperties", kind: "added", reason: "the provider needs additionalProperties: false on every object; the model sends only declared properties", lossy: false, feature: "additionalProperties:false" });
  } else if (required) {
    draft.reject("additionalProperties:false", path, draft.ruleError("additionalPropertiesFalseRequired", path, "additionalProperties must be false on every object"));
  }
}

function closeObjectWithExtras(draft: TranslationDraft, node: SchemaNode, path: string): void {
  const feature = mapFeature(node);
  if (!draft.strips) return; // the provider's view: the cell's status decides (stripUnsupportedFeatures)
  node.additionalProperties = false;
  draft.change({ path, keyword: "additionalProperties", kind: "rewritten", reason: "narrowed to false: the provider allows no extra properties, so the model can no longer send the extras the declared schema allowed", lossy: false, feature });
}
