// What the API's verbs accept as a catalog: paths (files or folders, as the CLI takes them), one
// catalog document already parsed (any native format the loader recognises), or declared schemas.
import { loadCatalogs, parseCatalog } from "../schema/load-catalog.js";
import type { CatalogReadOptions, DeclaredSchema } from "../schema/types.js";

/** Catalog files or folders; a parsed catalog document (OpenAI/Anthropic/Gemini/MCP tools, a wrapper, a plain schema); or declared schemas from `loadCatalog`. */
export type CatalogInput = string | readonly string[] | readonly DeclaredSchema[] | { readonly [key: string]: unknown } | readonly unknown[];

/** The name in-memory documents are read under: it becomes the catalog part of each schema id (`inline/<tool>`). */
export const INLINE_CATALOG_FILE = "inline.json";

export function isDeclaredSchema(value: unknown): value is DeclaredSchema {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "string" && "schema" in record && (record.role === "tool-input" || record.role === "structured-output") && typeof record.source === "object";
}

/** Paths when the input names files; null for in-memory input. */
export function catalogPaths(input: CatalogInput): readonly string[] | null {
  if (typeof input === "string") return [input];
  if (Array.isArray(input) && input.length > 0 && input.every((entry) => typeof entry === "string")) return input as readonly string[];
  return null;
}

/** Declared schemas of in-memory input (a document is parsed as if it were the file `name`). */
export function declaredOf(input: CatalogInput, read: CatalogReadOptions = {}, name: string = INLINE_CATALOG_FILE): DeclaredSchema[] {
  if (Array.isArray(input) && input.length > 0 && input.every(isDeclaredSchema)) return [...(input as readonly DeclaredSchema[])];
  return parseCatalog(input, name, read);
}

/** Every declared schema of the input: read from disk, or parsed from memory. Throws CatalogError naming the file and place. */
export async function readCatalogInput(input: CatalogInput, read: CatalogReadOptions = {}): Promise<DeclaredSchema[]> {
  const paths = catalogPaths(input);
  return paths === null ? declaredOf(input, read) : loadCatalogs(paths, read);
}
