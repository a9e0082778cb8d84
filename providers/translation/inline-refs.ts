// Replaces same-document `$ref`s with copies of what they name, for dialects without `$ref` (Gemini's
// OpenAPI schema) or that refuse keywords beside it (OpenAI strict). A recursive reference cannot be
// inlined (nor can one whose target leads into a cycle): it is left in place and reported back.
// One pass over the ref graph and one copy of the result, which is capped: a schema whose inlined
// form would exceed the cap is left as it is and rejected for the target with that reason.
import { analyzeRefGraph, type RefFacts } from "../../src/schema/ref-graph.js";
import { createLocalRefResolver, listRefs } from "../../src/schema/resolve-ref.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { childPath, isSchema, isSchemaObject, subschemaShape } from "../../src/schema/walk-schema.js";
import { reasonWithoutProviderText } from "./render-provider-error.js";
import type { TranslationDraft } from "./translation-draft.js";

const ANNOTATIONS = new Set(["title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly"]);

/** Which refs to inline: by the path of the schema holding the `$ref` (in the inlined result), and the schema itself. */
export type InlineWhere = (path: string, node: { [keyword: string]: unknown }) => boolean;

/** Subschemas inlining may add (copies of ref targets), counted as the copy is made; beyond it the copy stops. */
export const INLINE_SUBSCHEMA_CAP = 50_000;

type SchemaObject = { [keyword: string]: unknown };

class InlineTooLarge extends Error {}

export interface InlineResult {
  /** Paths of the matching refs that lead into a cycle (left in place). */
  readonly intoCycle: string[];
  /** `$ref`s the schema holds afterwards (not matching, into a cycle, or landing nowhere). */
  readonly refsLeft: number;
}

/** Inlines matching local refs (and the refs their targets hold). */
export function inlineRefs(draft: TranslationDraft, where: InlineWhere, cap: number = INLINE_SUBSCHEMA_CAP): InlineResult {
  const resolver = createLocalRefResolver(draft.schema);
  const refs = analyzeRefGraph(draft.schema, resolver).refs;
  // Nothing to inline unless a ref of the document itself matches: the copy would be the schema again.
  if (!refs.some((ref) => where(ref.path, ref.holder as SchemaObject))) return { intoCycle: [], refsLeft: refs.length };
  const facts = new Map<object, RefFacts>(refs.map((ref) => [ref.holder, ref]));
  const recursive: string[] = [];
  const changes: Parameters<TranslationDraft["change"]>[0][] = [];
  let added = 0;
  let insideCopy = 0;
  let refsLeft = 0;

  const expand = (node: JsonSchema, path: string, refSource: object = node as object): JsonSchema => {
    if (!isSchemaObject(node)) return node;
    if (insideCopy > 0 && ++added > cap) throw new InlineTooLarge();
    const ref = facts.get(refSource);
    if (ref !== undefined && where(path, node)) {
      if (ref.intoCycle) recursive.push(path);
      else {
        const target = ref.target === null ? undefined : resolver.resolve(ref.ref)?.schema;
        if (target !== undefined) return inlineOne(node, path, ref.ref, target);
      }
    }
    if (typeof node.$ref === "string") refsLeft++;
    return copyWith(node, (child, childAt) => expand(child, childPath(path, childAt)));
  };

  const inlineOne = (node: SchemaObject, path: string, ref: string, target: JsonSchema): JsonSchema => {
    const siblings = Object.entries(node).filter(([keyword]) => keyword !== "$ref");
    const base: SchemaObject = isSchemaObject(target) ? target : target === true ? {} : { not: {} };
    const overridden = siblings.map(([keyword]) => keyword).filter((keyword) => keyword in base && !ANNOTATIONS.has(keyword));
    const note = overridden.length > 0 ? `; the keywords beside it replace the target's ${overridden.join(", ")}` : "";
    changes.push({ path, keyword: "$ref", kind: "rewritten", reason: `inlined ${ref}${note}`, lossy: overridden.length > 0, feature: "$ref:local" });
    const merged: SchemaObject = { ...base, ...Object.fromEntries(siblings) };
    insideCopy++;
    try {
      // The target may itself be a ref: its facts come with it (siblings never carry a `$ref`).
      return expand(merged, path, "$ref" in base ? base : merged);
    } finally {
      insideCopy--;
    }
  };

  try {
    const inlined = expand(draft.schema, "");
    draft.schema = inlined;
    for (const change of changes) draft.change(change);
    return { intoCycle: recursive, refsLeft };
  } catch (error) {
    if (!(error instanceof InlineTooLarge)) throw error;
    const reason = `inlining the $refs this target needs would make the schema more than ${cap.toLocaleString("en-US")} subschemas larger (the inlining cap); it is too large to send inlined`;
    draft.reject("$ref:local", "", reasonWithoutProviderText(reason));
    return { intoCycle: [], refsLeft: refs.length };
  }
}

/** A fresh copy of a schema object: subschemas mapped through `child`, data deep-copied (later steps edit in place). */
function copyWith(node: SchemaObject, child: (schema: JsonSchema, at: { keyword: string; key: string | number | null }) => JsonSchema): SchemaObject {
  const copy: SchemaObject = {};
  for (const [keyword, value] of Object.entries(node)) {
    const shape = subschemaShape(keyword);
    if (shape === undefined) copy[keyword] = cloneJson(value);
    else if (Array.isArray(value)) copy[keyword] = shape === "schema-map" ? cloneJson(value) : value.map((item, key) => (isSchema(item) ? child(item, { keyword, key }) : cloneJson(item)));
    else if (shape === "schema-map" && isSchemaObject(value)) {
      copy[keyword] = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isSchema(item) ? child(item, { keyword, key }) : cloneJson(item)]));
    } else copy[keyword] = shape === "schema" && isSchema(value) ? child(value, { keyword, key: null }) : cloneJson(value);
  }
  return copy;
}

function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = cloneJson(inner);
  return copy;
}

/**
 * Refs whose target reaches a cycle of refs (a recursive ref, or one pointing into recursive
 * definitions): inlining them would never end.
 */
export function refsIntoCycles(schema: JsonSchema): Set<string> {
  return new Set(analyzeRefGraph(schema).refs.filter((ref) => ref.intoCycle).map((ref) => ref.path));
}

/** Removes `$defs` / `definitions` once nothing points into them any more (`refsLeft`: as inlineRefs counted them, else counted here). */
export function dropUnusedDefinitions(draft: TranslationDraft, refsLeft?: number): void {
  if ((refsLeft ?? listRefs(draft.schema).length) > 0 || !isSchemaObject(draft.schema)) return;
  for (const keyword of ["$defs", "definitions"]) {
    if (!(keyword in draft.schema)) continue;
    delete draft.schema[keyword];
    draft.change({ path: "", keyword, kind: "removed", reason: "every $ref was inlined; the definitions are no longer used", lossy: false, feature: "$ref:local" });
  }
}
