// Replaces same-document `$ref`s with copies of what they name, for dialects without `$ref` (Gemini's
// OpenAPI schema) or that refuse keywords beside it (OpenAI strict). A recursive reference cannot be
// inlined: it is left in place and reported back to the caller.
import { findRecursiveRefs } from "../../src/schema/detect-features.js";
import { createLocalRefResolver, listRefs } from "../../src/schema/resolve-ref.js";
import { isSchemaObject } from "../../src/schema/walk-schema.js";
import type { TranslationDraft } from "./translation-draft.js";

const ANNOTATIONS = new Set(["title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly"]);

/** Which refs to inline: by the path of the schema holding the `$ref`, and the schema itself. */
export type InlineWhere = (path: string, node: { [keyword: string]: unknown }) => boolean;

// Each pass inlines refs whose targets may hold more refs; nesting is finite without recursion.
const MAX_PASSES = 64;

/** Inlines matching non-recursive local refs until none are left; returns the paths of recursive ones that matched. */
export function inlineRefs(draft: TranslationDraft, where: InlineWhere): string[] {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const recursive = findRecursiveRefs(draft.schema);
    const resolver = createLocalRefResolver(draft.schema);
    const pending = listRefs(draft.schema).filter(({ path }) => !recursive.has(path) && matches(draft, path, where));
    const inlinable = pending.filter(({ ref }) => resolver.resolve(ref) !== null);
    if (inlinable.length === 0) {
      return listRefs(draft.schema).filter(({ path }) => recursive.has(path) && matches(draft, path, where)).map(({ path }) => path);
    }
    for (const { path, ref } of inlinable) {
      const target = resolver.resolve(ref);
      if (target) inlineOne(draft, path, ref, structuredClone(target.schema));
    }
  }
  throw new Error(`inlineRefs: $ref nesting deeper than ${MAX_PASSES} levels in ${draft.declared.id}`);
}

function matches(draft: TranslationDraft, path: string, where: InlineWhere): boolean {
  const node = draft.nodeAt(path);
  return isSchemaObject(node) && where(path, node);
}

function inlineOne(draft: TranslationDraft, path: string, ref: string, target: unknown): void {
  const node = draft.nodeAt(path);
  if (!isSchemaObject(node)) return;
  const siblings = Object.entries(node).filter(([keyword]) => keyword !== "$ref");
  const base = isSchemaObject(target) ? target : target === true ? {} : { not: {} };
  const overridden = siblings.map(([keyword]) => keyword).filter((keyword) => keyword in base && !ANNOTATIONS.has(keyword));
  for (const keyword of Object.keys(node)) delete node[keyword];
  Object.assign(node, base, Object.fromEntries(siblings));
  const note = overridden.length > 0 ? `; the keywords beside it replace the target's ${overridden.join(", ")}` : "";
  draft.change({ path, keyword: "$ref", kind: "rewritten", reason: `inlined ${ref}${note}`, lossy: overridden.length > 0, feature: "$ref:local" });
}

/** Removes `$defs` / `definitions` once nothing points into them any more. */
export function dropUnusedDefinitions(draft: TranslationDraft): void {
  if (listRefs(draft.schema).length > 0 || !isSchemaObject(draft.schema)) return;
  for (const keyword of ["$defs", "definitions"]) {
    if (!(keyword in draft.schema)) continue;
    delete draft.schema[keyword];
    draft.change({ path: "", keyword, kind: "removed", reason: "every $ref was inlined; the definitions are no longer used", lossy: false, feature: "$ref:local" });
  }
}
