// Finds every schema resource ($id) and anchor ($anchor) up front, then resolves `$ref` to a schema
// node and the path errors report for it. Only keywords that hold schemas are walked, so an "$id"
// inside `enum` or `const` data is never mistaken for an identifier.
import { hasOwn } from "./has-own.js";
import { escapePointerToken, parsePointer } from "./json-pointer.js";
import { MAX_SCHEMA_DEPTH, schemaTooDeep } from "./schema-depth.js";
import { subschemaShape } from "./schema-keywords.js";
import { InvalidSchemaError, UnsupportedSchemaError } from "./types.js";
import { resolveUri, splitFragment } from "./uri.js";

type SchemaObject = Readonly<Record<string, unknown>>;

/** Where a schema object lives: the base URI its `$ref`s resolve against, and its schema path. */
interface Location {
  readonly base: string;
  readonly path: string;
}

export interface ResolvedRef {
  readonly schema: unknown;
  readonly path: string;
}

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export class SchemaRegistry {
  private readonly resources = new Map<string, ResolvedRef>();
  private readonly anchors = new Map<string, ResolvedRef>();
  private readonly locations = new Map<object, Location>();

  constructor(
    root: unknown,
    private readonly remotes: Readonly<Record<string, unknown>>,
  ) {
    this.addDocument(root, "", "#");
  }

  baseOf(schema: object): string {
    return this.locations.get(schema)?.base ?? "";
  }

  /** The schema `ref` (written in `from`, at `refPath`) points to. */
  resolve(ref: string, from: object, refPath: string): ResolvedRef {
    const [document, encodedFragment] = splitFragment(resolveUri(this.baseOf(from), ref));
    const resource = this.resource(document, refPath);
    let fragment: string;
    try {
      fragment = decodeURIComponent(encodedFragment);
    } catch {
      throw new InvalidSchemaError("$ref", refPath, `malformed fragment in "${ref}"`);
    }
    if (fragment === "") return resource;
    const tokens = parsePointer(fragment);
    const target = tokens ? this.follow(resource, tokens, fragment) : this.anchors.get(`${document}#${fragment}`);
    if (target === undefined) throw new InvalidSchemaError("$ref", refPath, `cannot resolve "${ref}"`);
    return target;
  }

  private resource(document: string, refPath: string): ResolvedRef {
    const known = this.resources.get(document);
    if (known) return known;
    if (!hasOwn(this.remotes, document)) {
      throw new UnsupportedSchemaError("$ref", refPath, `remote document "${document}" was not provided in options.remotes`);
    }
    this.addDocument(this.remotes[document], document, `${document}#`);
    return this.resources.get(document)!;
  }

  private addDocument(document: unknown, uri: string, path: string): void {
    this.resources.set(uri, { schema: document, path });
    this.scan(document, uri, path);
  }

  private scan(schema: unknown, base: string, path: string, depth = 0): void {
    if (!isSchemaObject(schema) || this.locations.has(schema)) return;
    if (depth > MAX_SCHEMA_DEPTH) throw schemaTooDeep(path);
    if (typeof schema.$id === "string") {
      base = splitFragment(resolveUri(base, schema.$id))[0];
      this.resources.set(base, { schema, path });
    }
    if (typeof schema.$anchor === "string") this.anchors.set(`${base}#${schema.$anchor}`, { schema, path });
    this.locations.set(schema, { base, path });
    for (const keyword of Object.keys(schema)) {
      const shape = subschemaShape(keyword);
      if (shape === undefined) continue;
      const value = schema[keyword];
      const at = `${path}/${keyword}`;
      switch (shape) {
        case "schema":
          this.scan(value, base, at, depth + 1);
          break;
        case "schemas":
          if (Array.isArray(value)) value.forEach((item, i) => this.scan(item, base, `${at}/${i}`, depth + 1));
          break;
        case "schemaMap":
          if (isSchemaObject(value)) for (const key of Object.keys(value)) this.scan(value[key], base, `${at}/${escapePointerToken(key)}`, depth + 1);
      }
    }
  }

  /** Walks a JSON Pointer from a resource; a node the scan never reached inherits the nearest known base. */
  private follow(resource: ResolvedRef, tokens: readonly string[], pointer: string): ResolvedRef | undefined {
    let node: unknown = resource.schema;
    let base = isSchemaObject(node) ? this.baseOf(node) : "";
    for (const token of tokens) {
      if (typeof node !== "object" || node === null) return undefined;
      if (Array.isArray(node) && !/^(0|[1-9]\d*)$/.test(token)) return undefined;
      if (!hasOwn(node, token)) return undefined;
      node = (node as Record<string, unknown>)[token];
      const known = isSchemaObject(node) ? this.locations.get(node) : undefined;
      if (known) base = known.base;
    }
    const known = isSchemaObject(node) ? this.locations.get(node) : undefined;
    if (known) return { schema: node, path: known.path };
    const path = resource.path + pointer;
    if (isSchemaObject(node)) this.locations.set(node, { base, path });
    return { schema: node, path };
  }
}
