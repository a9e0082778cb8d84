// OpenAI strict refuses any keyword beside `$ref`, even a description (providers.md §1.6:
// "$ref cannot have keywords {'description'}"). Like openai-python's to_strict_json_schema, the ref is
// inlined with its siblings; a recursive ref keeps the ref and loses sibling annotations.
import { listRefs } from "../../src/schema/resolve-ref.js";
import { isSchemaObject } from "../../src/schema/walk-schema.js";
import { inlineRefs } from "../translation/inline-refs.js";
import type { TranslationDraft } from "../translation/translation-draft.js";

const ANNOTATIONS = new Set(["title", "description", "default", "examples", "$comment"]);
// At the root, definitions beside the ref are where it points, not siblings.
const ROOT_CONTAINERS = new Set(["$ref", "$defs", "definitions", "$schema", "$id"]);

function siblingsOf(path: string, node: { [keyword: string]: unknown }): string[] {
  return Object.keys(node).filter((keyword) => (path === "" ? !ROOT_CONTAINERS.has(keyword) : keyword !== "$ref"));
}

export function resolveRefSiblings(draft: TranslationDraft): void {
  if (draft.mode.rules.refSiblings !== "rejected") return;
  if (!draft.strips) {
    reportRefSiblings(draft);
    return;
  }
  // The root is inlined too: a root $ref is not an object schema.
  const recursive = inlineRefs(draft, (path, node) => path === "" || siblingsOf(path, node).length > 0).intoCycle;
  for (const path of recursive) dropSiblingAnnotations(draft, path);
}

function reportRefSiblings(draft: TranslationDraft): void {
  for (const { path } of listRefs(draft.current)) {
    const node = draft.nodeAt(path);
    if (path === "" || !isSchemaObject(node)) continue; // a root $ref breaks the root rule instead
    const siblings = siblingsOf(path, node);
    if (siblings.length === 0) continue;
    const keywords = siblings.map((keyword) => `'${keyword}'`).join(", ");
    draft.reject("$ref:siblings", path, draft.ruleError("refSiblings", path, "no keywords may sit beside $ref", { keywords }));
  }
}

function dropSiblingAnnotations(draft: TranslationDraft, path: string): void {
  const node = draft.editableAt(path);
  if (!isSchemaObject(node)) return;
  const siblings = siblingsOf(path, node);
  if (siblings.length === 0) return;
  if (siblings.some((keyword) => !ANNOTATIONS.has(keyword))) {
    const keywords = siblings.map((keyword) => `'${keyword}'`).join(", ");
    draft.reject("$ref:siblings", path, draft.ruleError("refSiblings", path, "a recursive $ref cannot be inlined and keywords beside it are refused", { keywords }));
    return;
  }
  for (const keyword of siblings) {
    delete node[keyword];
    draft.change({ path, keyword, kind: "removed", reason: "beside a recursive $ref, which cannot be inlined; the provider refuses keywords beside $ref", lossy: false, feature: "$ref:siblings" });
  }
}
