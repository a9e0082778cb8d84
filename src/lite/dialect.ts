// The dialects a schema may be written in, and how a `$schema` URI names one. Lite reads each with
// its own semantics; the rest of the lab reads the dialect from here, so there is one list.

/** JSON Schema drafts by their test-suite folder names, and OpenAPI 3.0's Schema Object. */
export type Dialect = "draft4" | "draft6" | "draft7" | "draft2019-09" | "draft2020-12" | "openapi-3.0";

export const DIALECTS: readonly Dialect[] = ["draft4", "draft6", "draft7", "draft2019-09", "draft2020-12", "openapi-3.0"];

/** What a schema without `$schema` (and without a format that says otherwise) is read as. */
export const DEFAULT_DIALECT: Dialect = "draft2020-12";

/** The canonical `$schema` URI of each JSON Schema draft (OpenAPI 3.0 has none). */
export const DIALECT_URIS: Readonly<Record<Exclude<Dialect, "openapi-3.0">, string>> = {
  draft4: "http://json-schema.org/draft-04/schema#",
  draft6: "http://json-schema.org/draft-06/schema#",
  draft7: "http://json-schema.org/draft-07/schema#",
  "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
};

// Scheme-less, fragment-less keys: http or https, with or without the trailing "#", name the same draft.
const BY_URI_KEY = new Map<string, Dialect>([
  ["json-schema.org/draft-04/schema", "draft4"],
  ["json-schema.org/draft-06/schema", "draft6"],
  ["json-schema.org/draft-07/schema", "draft7"],
  ["json-schema.org/draft/2019-09/schema", "draft2019-09"],
  ["json-schema.org/draft/2020-12/schema", "draft2020-12"],
]);

// Other spellings of the dialect names; a plain object of constants, so a bundle without parseDialectName drops it.
const DIALECT_ALIASES: Readonly<Record<string, Dialect>> = {
  "draft-04": "draft4",
  "draft-06": "draft6",
  "draft-07": "draft7",
  "2019-09": "draft2019-09",
  "2020-12": "draft2020-12",
  openapi: "openapi-3.0",
  openapi3: "openapi-3.0",
  "openapi-3": "openapi-3.0",
};

/** The draft a `$schema` URI names, or undefined for any other URI (a custom metaschema, draft-03, "…/schema#"). */
export function dialectOfSchemaUri(uri: string): Dialect | undefined {
  const key = uri.trim().replace(/^https?:\/\//, "").replace(/#$/, "");
  return BY_URI_KEY.get(key);
}

/** A dialect by name as a user types it ("draft7", "draft-07", "2020-12", "openapi-3.0"), else undefined. */
export function parseDialectName(name: string): Dialect | undefined {
  const key = name.trim().toLowerCase();
  return isDialect(key) ? key : Object.hasOwn(DIALECT_ALIASES, key) ? DIALECT_ALIASES[key] : undefined;
}

export function isDialect(value: unknown): value is Dialect {
  return typeof value === "string" && (DIALECTS as readonly string[]).includes(value);
}
