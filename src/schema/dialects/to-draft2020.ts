// Any dialect read as draft 2020-12: the one translation every part that knows only 2020-12 uses
// (generators, provider translation, the OpenAPI reference). Each rewrite is recorded, nothing is
// dropped without a word, the input is never mutated, and `$ref` pointers into renamed places
// (draft-07's tuple `items`, `dependencies`) are rewritten to follow them. Linear in the schema.
import type { Dialect } from "../../lite/dialect.js";
import { appendPointer, parsePointer } from "../json-pointer.js";
import type { JsonSchema } from "../types.js";
import { isSchemaObject, SUBSCHEMA_KEYWORDS } from "../walk-schema.js";
import { KEPT_BESIDE_REF, UNDEFINED_IN, hasBooleanExclusiveBounds, hasTupleItems, idKeyword, refIgnoresSiblings } from "./dialect-keywords.js";
import { remapPointerTokens } from "./remap-pointer.js";
import { readOpenApiKeyword } from "./openapi-keywords.js";

export interface DialectChange {
  /** JSON Pointer of the schema object in the source schema. */
  readonly path: string;
  readonly keyword: string;
  readonly kind: "renamed" | "rewritten" | "dropped";
  readonly detail: string;
}

export interface Draft2020Translation {
  readonly schema: JsonSchema;
  readonly dialect: Dialect;
  readonly changes: readonly DialectChange[];
}

type SchemaObject = { [keyword: string]: unknown };

/** The 2020-12 reading of `schema` written in `dialect` (the same object back for 2020-12 itself). */
export function toDraft2020(schema: JsonSchema, dialect: Dialect): Draft2020Translation {
  if (dialect === "draft2020-12") return { schema, dialect, changes: [] };
  const translator = new Translator(dialect, schema);
  return { schema: translator.schema(schema, "", schema), dialect, changes: translator.changes };
}

class Translator {
  readonly changes: DialectChange[] = [];
  private readonly undefinedHere: ReadonlySet<string>;

  constructor(
    private readonly dialect: Dialect,
    private readonly root: JsonSchema,
  ) {
    this.undefinedHere = UNDEFINED_IN[dialect];
  }

  note(path: string, keyword: string, kind: DialectChange["kind"], detail: string): void {
    this.changes.push({ path, keyword, kind, detail });
  }

  /** `resource` is the source schema object `#` fragments resolve against (the nearest with an id). */
  schema(node: unknown, path: string, resource: JsonSchema): JsonSchema {
    if (!isSchemaObject(node)) return node as JsonSchema;
    const id = idKeyword(this.dialect);
    if (id !== undefined && typeof node[id] === "string" && !node[id].startsWith("#")) resource = node;
    if (refIgnoresSiblings(this.dialect) && typeof node.$ref === "string") return this.refOnly(node, path, resource);
    const out: SchemaObject = {};
    for (const keyword of Object.keys(node)) this.keyword(node, keyword, path, resource, out);
    if (this.dialect === "openapi-3.0") this.nullable(node, path, out);
    return out;
  }

  /** Drafts up to 7 and OpenAPI 3.0 ignore every sibling of `$ref` that holds a rule. */
  private refOnly(node: SchemaObject, path: string, resource: JsonSchema): JsonSchema {
    const out: SchemaObject = { $ref: this.ref(node.$ref as string, resource) };
    for (const keyword of Object.keys(node)) {
      if (keyword === "$ref") continue;
      if (KEPT_BESIDE_REF.has(keyword) || keyword.startsWith("x-")) this.keyword(node, keyword, path, resource, out);
      else this.note(path, keyword, "dropped", `beside $ref, ${this.dialect} ignores it`);
    }
    return out;
  }

  private keyword(node: SchemaObject, keyword: string, path: string, resource: JsonSchema, out: SchemaObject): void {
    const value = node[keyword];
    if (this.undefinedHere.has(keyword)) return this.note(path, keyword, "dropped", `not a keyword of ${this.dialect}: an annotation there`);
    // The reading is 2020-12: a $schema naming the source draft would send a reader back to it.
    if (keyword === "$schema") return this.note(path, keyword, "dropped", `the ${this.dialect} $schema of a schema now read as draft 2020-12`);
    if (this.dialect === "openapi-3.0" && readOpenApiKeyword(node, keyword, path, out, (kind, detail) => this.note(path, keyword, kind, detail))) return;
    if (keyword === idKeyword(this.dialect) && typeof value === "string") return this.identifier(value, keyword, path, out);
    if (hasBooleanExclusiveBounds(this.dialect) && (keyword === "exclusiveMinimum" || keyword === "exclusiveMaximum")) return this.exclusiveBound(node, keyword, path, out);
    if (hasBooleanExclusiveBounds(this.dialect) && (keyword === "minimum" || keyword === "maximum")) return this.bound(node, keyword, out);
    if (keyword === "$ref" && typeof value === "string") {
      out.$ref = this.ref(value, resource);
      return;
    }
    if (keyword === "$recursiveRef" || keyword === "$recursiveAnchor") return this.recursive(node, keyword, path, resource, out);
    if (hasTupleItems(this.dialect) && (keyword === "items" || keyword === "additionalItems")) return this.tuple(node, keyword, path, resource, out);
    if (keyword === "dependencies" && this.dialect !== "draft2019-09" && isSchemaObject(value)) return this.dependencies(value, path, resource, out);
    out[keyword] = this.subschemas(keyword, value, path, resource);
  }

  /** The walker's table says which keywords hold subschemas (tuple items and dependencies are read before). */
  private subschemas(keyword: string, value: unknown, path: string, resource: JsonSchema): unknown {
    const at = appendPointer(path, keyword);
    const shape = SUBSCHEMA_KEYWORDS[keyword];
    if (shape === "schema") return this.schema(value, at, resource);
    if (shape === "schema-list" && Array.isArray(value)) return value.map((item, i) => this.schema(item, appendPointer(at, i), resource));
    if (shape === "schema-map" && isSchemaObject(value)) {
      const map: SchemaObject = {};
      for (const name of Object.keys(value)) map[name] = this.schema(value[name], appendPointer(at, name), resource);
      return map;
    }
    return value;
  }

  /** draft-04 `id` and a draft-06/07 `$id` with a fragment: 2020-12 splits them into `$id` and `$anchor`. */
  private identifier(value: string, keyword: string, path: string, out: SchemaObject): void {
    const hash = value.indexOf("#");
    const base = hash < 0 ? value : value.slice(0, hash);
    const anchor = hash < 0 ? "" : value.slice(hash + 1);
    if (base !== "") out.$id = base;
    if (anchor !== "") out.$anchor = anchor;
    if (keyword !== "$id" || anchor !== "") this.note(path, keyword, "renamed", `${keyword} ${JSON.stringify(value)} → ${[base && `$id ${JSON.stringify(base)}`, anchor && `$anchor ${JSON.stringify(anchor)}`].filter(Boolean).join(" + ")}`);
  }

  /** draft-04's `exclusiveMaximum: true` turns `maximum` exclusive; 2020-12 spells it `exclusiveMaximum: <limit>`. */
  private exclusiveBound(node: SchemaObject, keyword: "exclusiveMinimum" | "exclusiveMaximum", path: string, out: SchemaObject): void {
    const value = node[keyword];
    const limitKeyword = keyword === "exclusiveMinimum" ? "minimum" : "maximum";
    if (typeof value !== "boolean") {
      out[keyword] = value;
      return;
    }
    const limit = node[limitKeyword];
    if (value && typeof limit === "number") {
      out[keyword] = limit;
      this.note(path, keyword, "rewritten", `${keyword}: true with ${limitKeyword} ${limit} → ${keyword}: ${limit}`);
    } else this.note(path, keyword, "dropped", `${keyword}: ${value} ${value ? `without ${limitKeyword}` : ""}has no effect`.replace("  ", " "));
  }

  private bound(node: SchemaObject, keyword: "minimum" | "maximum", out: SchemaObject): void {
    const exclusive = node[keyword === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"];
    if (exclusive !== true) out[keyword] = node[keyword];
  }

  /** Tuple `items` is `prefixItems`; `additionalItems` applies only after a tuple and is then `items`. */
  private tuple(node: SchemaObject, keyword: string, path: string, resource: JsonSchema, out: SchemaObject): void {
    const tupleForm = Array.isArray(node.items);
    if (keyword === "items") {
      if (!tupleForm) {
        out.items = this.subschemas("items", node.items, path, resource);
        return;
      }
      out.prefixItems = (node.items as unknown[]).map((item, i) => this.schema(item, appendPointer(path, "items", i), resource));
      this.note(path, "items", "renamed", "tuple items → prefixItems");
      return;
    }
    if (!tupleForm) return this.note(path, "additionalItems", "dropped", "additionalItems without tuple items has no effect");
    out.items = this.schema(node.additionalItems, appendPointer(path, "additionalItems"), resource);
    this.note(path, "additionalItems", "renamed", "additionalItems → items");
  }

  private dependencies(map: SchemaObject, path: string, resource: JsonSchema, out: SchemaObject): void {
    for (const name of Object.keys(map)) {
      const value = map[name];
      const target = Array.isArray(value) ? "dependentRequired" : "dependentSchemas";
      const slot = (out[target] ??= {}) as SchemaObject;
      slot[name] = Array.isArray(value) ? value : this.schema(value, appendPointer(path, "dependencies", name), resource);
    }
    this.note(path, "dependencies", "renamed", "dependencies → dependentRequired (name lists) and dependentSchemas (schemas)");
  }

  /** 2019-09's `$recursiveRef: "#"` is 2020-12's `$dynamicRef` to an anchor the recursive resource declares. */
  private recursive(node: SchemaObject, keyword: string, path: string, resource: JsonSchema, out: SchemaObject): void {
    if (keyword === "$recursiveAnchor") {
      if (node.$recursiveAnchor === true) out.$dynamicAnchor = RECURSIVE_ANCHOR;
      this.note(path, keyword, "renamed", `$recursiveAnchor → $dynamicAnchor "${RECURSIVE_ANCHOR}"`);
      return;
    }
    const dynamic = isSchemaObject(resource) && resource.$recursiveAnchor === true;
    if (dynamic) out.$dynamicRef = `#${RECURSIVE_ANCHOR}`;
    else out.$ref = this.ref(String(node.$recursiveRef), resource);
    this.note(path, keyword, "renamed", dynamic ? `$recursiveRef → $dynamicRef "#${RECURSIVE_ANCHOR}"` : "$recursiveRef without $recursiveAnchor → $ref");
  }

  /** A `#/pointer` into a renamed place follows it (token for token, the rest as written); other references are kept. */
  private ref(ref: string, resource: JsonSchema): string {
    if (!ref.startsWith("#/")) return ref;
    let tokens: string[];
    try {
      tokens = parsePointer(decodeURIComponent(ref.slice(1)));
    } catch {
      return ref;
    }
    const mapped = remapPointerTokens(resource, tokens, this.dialect);
    if (mapped === tokens) return ref;
    const raw = ref.slice(2).split("/");
    return "#/" + raw.map((token, i) => (mapped[i] === tokens[i] ? token : mapped[i])).join("/");
  }

  /** OpenAPI 3.0's `nullable: true` adds null to the declared type (and does nothing without one). */
  private nullable(node: SchemaObject, path: string, out: SchemaObject): void {
    if (node.nullable === undefined) return;
    const type = out.type;
    if (node.nullable === true && (typeof type === "string" || Array.isArray(type))) {
      const types = Array.isArray(type) ? type : [type];
      if (!types.includes("null")) out.type = [...types, "null"];
      this.note(path, "nullable", "rewritten", `nullable: true → type ${JSON.stringify(out.type)}`);
    } else this.note(path, "nullable", "dropped", node.nullable === true ? "nullable without type has no effect" : "nullable: false is the default");
  }
}

/** The dynamic anchor a translated `$recursiveAnchor: true` declares. */
export const RECURSIVE_ANCHOR = "recursiveAnchor";

/** The root of the translation, for callers that only need the schema. */
export function schemaAsDraft2020(schema: JsonSchema, dialect: Dialect): JsonSchema {
  return toDraft2020(schema, dialect).schema;
}
