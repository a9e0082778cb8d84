// Replaces same-document `$ref`s with copies of what they name, for dialects without `$ref` (Gemini's
// OpenAPI schema) or that refuse keywords beside it (OpenAI strict). A recursive reference cannot be
// inlined (nor can one whose target leads into a cycle): it is left in place and reported back.
import { isPointerWithin } from "../../src/schema/json-pointer.js";
import { createLocalRefResolver, listRefs, type LocalRefResolver } from "../../src/schema/resolve-ref.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { isSchemaObject } from "../../src/schema/walk-schema.js";
import type { TranslationDraft } from "./translation-draft.js";

const ANNOTATIONS = new Set(["title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly"]);

/** Which refs to inline: by the path of the schema holding the `$ref`, and the schema itself. */
export type InlineWhere = (path: string, node: { [keyword: string]: unknown }) => boolean;

// Each pass inlines refs whose targets may hold more refs; nesting is finite without recursion.
const MAX_PASSES = 64;

/** Inlines matching local refs until none are left; returns the paths of the matching ones that lead into a cycle. */
export function inlineRefs(draft: TranslationDraft, where: InlineWhere): string[] {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const resolver = createLocalRefResolver(draft.schema);
    const recursive = refsIntoCycles(draft.schema, resolver);
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

/**
 * Refs whose target reaches a cycle of refs (a recursive ref, or one pointing into recursive
 * definitions): inlining them would never end.
 */
export function refsIntoCycles(schema: JsonSchema, resolver: LocalRefResolver = createLocalRefResolver(schema)): Set<string> {
  const refs = listRefs(schema).map(({ path, ref }) => ({ path, target: resolver.resolve(ref)?.path ?? null }));
  const next = (target: string): string[] =>
    refs.filter((inner) => inner.target !== null && isPointerWithin(inner.path, target)).map((inner) => inner.target!);
  const reachesCycle = new Map<string, boolean>();
  const onPath = new Set<string>();
  const visit = (target: string): boolean => {
    if (onPath.has(target)) return true;
    const known = reachesCycle.get(target);
    if (known !== undefined) return known;
    onPath.add(target);
    const result = next(target).some(visit);
    onPath.delete(target);
    reachesCycle.set(target, result);
    return result;
  };
  return new Set(refs.filter((ref) => ref.target !== null && visit(ref.target)).map((ref) => ref.path));
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
