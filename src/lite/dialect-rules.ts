// What lite needs to know of a dialect to compile its schemas: the keywords it defines, how it
// writes identifiers, and (for every dialect but draft 2020-12) how a schema object of it reads in
// the draft 2020-12 keywords lite compiles. The other dialects live in ./dialects/, so an entry
// point that wants draft 2020-12 only can leave them out.
import { hasOwn } from "./has-own.js";
import type { Dialect } from "./dialect.js";
import { DRAFT2020_KEYWORDS, type KeywordTable } from "./schema-keywords.js";
import { splitFragment } from "./uri.js";

type SchemaObject = Readonly<Record<string, unknown>>;

/** A schema object of another dialect as draft 2020-12 keywords, and the keyword each one was written as. */
export interface NormalizedSchema {
  readonly view: SchemaObject;
  /** The original keyword behind a rewritten one ("prefixItems" → "items"), for error paths and keywords. */
  readonly aliases: Readonly<Record<string, string>> | undefined;
}

/** The identifiers of a schema object, as its dialect writes them. */
export interface SchemaIdentifiers {
  /** A URI naming a new resource (no fragment). */
  readonly id?: string;
  /** A plain-name fragment naming this schema (`$anchor`, or draft 4-7's `"$id": "#name"`). */
  readonly anchor?: string;
  readonly dynamicAnchor?: string;
  /** Draft 2019-09's `"$recursiveAnchor": true`. */
  readonly recursiveAnchor?: boolean;
}

export interface DialectRules {
  readonly dialect: Dialect;
  /** The keywords the dialect defines, with the shape of their values. */
  readonly keywords: KeywordTable;
  /** How a schema object reads in draft 2020-12 (undefined for draft 2020-12 itself). */
  readonly normalize?: (schema: SchemaObject) => NormalizedSchema;
  /** The keywords a normalized view may hold (draft 2020-12's, plus what the dialect's compiler adds). */
  readonly viewKeywords?: KeywordTable;
  identify(schema: SchemaObject): SchemaIdentifiers;
}

/** The rules of `dialect` in this entry point; refuses one it leaves out, naming the `$schema` at `path`. */
export type RulesOf = (dialect: Dialect, path: string) => DialectRules;

export const NO_IDENTIFIERS: SchemaIdentifiers = Object.freeze({});

/** Draft 4-7: `$id` (draft 4: `id`) may carry a fragment, which names the schema like a 2019-09 `$anchor`; ignored beside `$ref`. */
export function legacyIdentifiers(schema: SchemaObject, idKeyword: "id" | "$id"): SchemaIdentifiers {
  const value = schema[idKeyword];
  if (typeof value !== "string" || !hasOwn(schema, idKeyword) || hasOwn(schema, "$ref")) return NO_IDENTIFIERS;
  const [document, fragment] = splitFragment(value);
  return { id: document === "" ? undefined : document, anchor: fragment === "" ? undefined : fragment };
}

export const DRAFT2020_RULES: DialectRules = {
  dialect: "draft2020-12",
  keywords: DRAFT2020_KEYWORDS,
  identify(schema) {
    const { $id, $anchor, $dynamicAnchor } = schema;
    if ($id === undefined && $anchor === undefined && $dynamicAnchor === undefined) return NO_IDENTIFIERS;
    return {
      id: typeof $id === "string" ? splitFragment($id)[0] : undefined,
      anchor: typeof $anchor === "string" ? $anchor : undefined,
      dynamicAnchor: typeof $dynamicAnchor === "string" ? $dynamicAnchor : undefined,
    };
  },
};
