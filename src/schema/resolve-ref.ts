// Same-document `$ref` resolution: JSON Pointer fragments, `$anchor` names, and `$id`s declared in the
// document. Detection and measuring need to know where a reference lands, not to validate through it.
import { refToPointer, resolvePointer } from "./json-pointer.js";
import type { JsonSchema } from "./types.js";
import { isSchema, isSchemaObject, walkSchema } from "./walk-schema.js";

export interface RefTarget {
  /** JSON Pointer of the target from the document root. */
  readonly path: string;
  readonly schema: JsonSchema;
}

/** Resolves refs within one document, which must not change while the resolver is in use. */
export interface LocalRefResolver {
  /** Where a `$ref` lands inside this document, or null (another document, or nothing there). */
  resolve(ref: string): RefTarget | null;
  /** True for refs written as same-document (`#...`) or naming an `$id` inside the document. */
  isLocal(ref: string): boolean;
}

export function createLocalRefResolver(root: JsonSchema): LocalRefResolver {
  const anchors = new Map<string, string>();
  const ids = new Map<string, string>();
  walkSchema(root, ({ schema, path }) => {
    if (!isSchemaObject(schema)) return;
    for (const keyword of ["$anchor", "$dynamicAnchor"]) {
      const name = schema[keyword];
      if (typeof name === "string" && !anchors.has(name)) anchors.set(name, path);
    }
    if (typeof schema.$id === "string" && !ids.has(stripEmptyFragment(schema.$id))) ids.set(stripEmptyFragment(schema.$id), path);
  });

  const inResource = (resourcePath: string, fragment: string): RefTarget | null => {
    const pointer = refToPointer(`#${fragment}`);
    const path = pointer !== null ? resourcePath + pointer : anchors.get(fragment);
    if (path === undefined) return null;
    const schema = resolvePointer(root, path);
    return isSchema(schema) ? { path, schema } : null;
  };

  // A document refers to a few definitions many times (GitHub's `simple-user` hundreds of times): each
  // ref text is resolved once. The resolver reads its document as it was made (anchors and ids too).
  const resolved = new Map<string, RefTarget | null>();
  const resolve = (ref: string): RefTarget | null => {
    let target = resolved.get(ref);
    if (target === undefined) resolved.set(ref, (target = resolveOnce(ref)));
    return target;
  };

  const resolveOnce = (ref: string): RefTarget | null => {
    const hash = ref.indexOf("#");
    const base = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    if (base === "") return inResource("", fragment);
    const resourcePath = ids.get(base);
    return resourcePath === undefined ? null : inResource(resourcePath, fragment);
  };

  return {
    resolve,
    isLocal: (ref) => ref.startsWith("#") || resolve(ref) !== null,
  };
}

function stripEmptyFragment(id: string): string {
  return id.endsWith("#") ? id.slice(0, -1) : id;
}

/** Every `$ref` in the document with the pointer of the schema that holds it. */
export function listRefs(root: JsonSchema): { path: string; ref: string }[] {
  const refs: { path: string; ref: string }[] = [];
  walkSchema(root, ({ schema, path }) => {
    if (isSchemaObject(schema) && typeof schema.$ref === "string") refs.push({ path, ref: schema.$ref });
  });
  return refs;
}
