// core's $ref machinery (refKeywords only): every resource ($id), anchor and dynamic anchor of the
// document and of the remotes it reaches, found by a walk of the keywords that hold schemas (an
// "$id" inside `enum` data is no identifier); `$ref` resolved to a schema and its schema path;
// the dynamic scope `$dynamicRef` resolves through. The semantics of lite's schema-registry.ts,
// ref-resolver.ts and dynamic-scope.ts for draft 2020-12 (core reads no other dialect).
import { dialectOfSchemaUri } from "../dialect.js";
import { hasOwn } from "../has-own.js";
import { escapePointerToken, parsePointer } from "../json-pointer.js";
import { decodeFragment, refKeyword } from "../ref-fragment.js";
import { InvalidSchemaError, UnsupportedSchemaError } from "../types.js";
import { enterResource } from "../scope-entry.js";
import { resolveUri, splitFragment } from "../uri.js";
import type { Check, Ctx } from "./context.js";
import { isMap, SUBSCHEMAS } from "./keyword-table.js";
import { refuseDialect, type Compiler, type Refs } from "./engine.js";

interface Target {
  readonly schema: unknown;
  readonly path: string;
}

type SchemaObject = Readonly<Record<string, unknown>>;

class Registry {
  readonly resources = new Map<string, Target>();
  readonly roots = new Set<object>();
  readonly anchors = new Map<string, Target>();
  readonly dynamicAnchors = new Map<string, Target>();
  readonly places = new Map<object, { base: string; path: string }>();

  // Set in the constructor, `declare`d: no field definitions of their own in the bundle.
  private declare readonly remotes: Readonly<Record<string, unknown>>;
  /** options.dialect was given: the root is read in draft 2020-12 whatever its `$schema` says. */
  private declare readonly fixedRoot: unknown;

  constructor(root: unknown, remotes: Readonly<Record<string, unknown>>, fixedRoot: unknown) {
    this.remotes = remotes;
    this.fixedRoot = fixedRoot;
    this.addDocument(root, "", "#", false);
  }

  baseOf(schema: object): string {
    return this.places.get(schema)?.base ?? "";
  }

  resolve(ref: string, from: object, refPath: string): Target {
    const [document, encoded] = splitFragment(resolveUri(this.baseOf(from), ref));
    let resource = this.resources.get(document);
    if (resource === undefined) {
      if (!hasOwn(this.remotes, document)) throw new UnsupportedSchemaError(refKeyword(refPath), refPath, `remote document "${document}" was not provided in options.remotes`);
      this.addDocument(this.remotes[document], document, `${document}#`, true);
      resource = this.resources.get(document)!;
    }
    const fragment = decodeFragment(encoded, ref, refPath);
    if (fragment === "") return resource;
    const tokens = parsePointer(fragment);
    const target = tokens ? this.follow(resource, tokens, fragment) : this.anchors.get(`${document}#${fragment}`);
    if (target === undefined) throw new InvalidSchemaError(refKeyword(refPath), refPath, `cannot resolve "${ref}"`);
    return target;
  }

  private addDocument(document: unknown, uri: string, path: string, remote: boolean): void {
    // A remote's own $schema must name draft 2020-12 (the root's was read by the compile).
    if (remote && isMap(document)) switchDialect(document, true, path);
    this.resources.set(uri, { schema: document, path });
    if (isMap(document)) this.roots.add(document);
    this.scan(document, uri, path, 0);
  }

  private scan(schema: unknown, base: string, path: string, depth: number): void {
    if (!isMap(schema) || this.places.has(schema)) return;
    if (depth > 500) throw new InvalidSchemaError("schema", path, "nested deeper than 500 levels (MAX_SCHEMA_DEPTH)");
    if (schema !== this.fixedRoot) switchDialect(schema, false, path);
    const { $id, $anchor, $dynamicAnchor } = schema;
    if (typeof $id === "string") {
      base = splitFragment(resolveUri(base, splitFragment($id)[0]))[0];
      this.resources.set(base, { schema, path });
      this.roots.add(schema);
    }
    if (typeof $anchor === "string") this.anchors.set(`${base}#${$anchor}`, { schema, path });
    if (typeof $dynamicAnchor === "string") this.anchors.set(`${base}#${$dynamicAnchor}`, { schema, path }), this.dynamicAnchors.set(`${base}#${$dynamicAnchor}`, { schema, path });
    this.places.set(schema, { base, path });
    for (const keyword of Object.keys(schema)) {
      const kind = SUBSCHEMAS[keyword];
      const value = schema[keyword];
      const at = `${path}/${keyword}`;
      if (kind === 2 || (kind === 1 && Array.isArray(value))) {
        if (Array.isArray(value)) value.forEach((item, i) => this.scan(item, base, `${at}/${i}`, depth + 1));
      } else if (kind === 1) this.scan(value, base, at, depth + 1);
      else if (kind === 3 && isMap(value)) for (const key of Object.keys(value)) this.scan(value[key], base, `${at}/${escapePointerToken(key)}`, depth + 1);
    }
  }

  /** Walks a JSON Pointer from a resource; a schema the walk of keywords never reached is scanned on first use. */
  private follow(resource: Target, tokens: readonly string[], pointer: string): Target | undefined {
    let node: unknown = resource.schema;
    let base = isMap(node) ? this.baseOf(node) : "";
    for (const token of tokens) {
      if (typeof node !== "object" || node === null) return undefined;
      if (Array.isArray(node) && !/^(0|[1-9]\d*)$/.test(token)) return undefined;
      if (!hasOwn(node, token)) return undefined;
      node = (node as SchemaObject)[token];
      const known = isMap(node) ? this.places.get(node) : undefined;
      if (known) base = known.base;
    }
    const known = isMap(node) ? this.places.get(node) : undefined;
    if (known) return { schema: node, path: known.path };
    const path = resource.path + pointer;
    this.scan(node, base, path, 0);
    return { schema: node, path };
  }
}

/** A document, or a resource, with a `$schema` naming another draft is refused (core reads draft 2020-12). */
function switchDialect(schema: SchemaObject, isDocument: boolean, path: string): void {
  const uri = schema.$schema;
  if (typeof uri !== "string" || !(isDocument || typeof schema.$id === "string")) return;
  const dialect = dialectOfSchemaUri(uri);
  if (dialect !== undefined && dialect !== "draft2020-12") refuseDialect(dialect, path);
}

/** The $ref support of one compile; the registry is built on the first use (a schema without $ref never scans). */
export function createRefs(compiler: Compiler): Refs {
  let registry: Registry | undefined;
  const reg = () => (registry ??= new Registry(compiler.root, compiler.options.remotes ?? {}, compiler.options.dialect === undefined ? undefined : compiler.root));
  const compileTarget = (target: Target) => compiler.compile(target.schema, target.path);
  return {
    enterIfResource(schema, check) {
      return schema === compiler.root || reg().roots.has(schema) ? enterResource(reg().baseOf(schema), check) : check;
    },
    compileRef(ref, from, refPath) {
      const target = reg().resolve(ref, from, refPath);
      const check = compileTarget(target);
      const base = isMap(target.schema) ? reg().baseOf(target.schema) : undefined;
      if (base === undefined || base === reg().baseOf(from)) return check;
      // A $ref into another resource puts that resource in the dynamic scope, when some schema has a dynamic anchor.
      let entered = check;
      compiler.links.push(() => {
        if (compiler.dynamicAnchors > 0) entered = enterResource(base, check);
      });
      return (data, ctx) => entered(data, ctx);
    },
    compileDynamicRef(ref, from, refPath) {
      const target = reg().resolve(ref, from, refPath);
      const staticCheck = compileTarget(target);
      const schema = target.schema;
      // Only a fragment naming a $dynamicAnchor of the schema it statically reaches (the "bookend") is dynamic.
      const name = splitFragment(ref)[1];
      if (!isMap(schema) || name === "" || schema.$dynamicAnchor !== name) return staticCheck;
      const candidates = new Map<string, Check>();
      compiler.links.push(() => {
        const suffix = `#${name}`;
        for (const [key, found] of reg().dynamicAnchors) if (key.endsWith(suffix)) candidates.set(key.slice(0, -suffix.length), compileTarget(found));
      });
      return (data: unknown, ctx: Ctx) => {
        for (let i = 0; i < ctx.scopeDepth; i++) {
          const check = candidates.get(ctx.scope[i]!);
          if (check !== undefined) return check(data, ctx);
        }
        return staticCheck(data, ctx);
      };
    },
  };
}
