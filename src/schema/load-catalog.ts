// Catalog loading: files or folders of `.json` catalogs in, DeclaredSchema[] out, in a stable order.
// Bad input becomes a CatalogError naming the file and the place; a valid catalog never throws and
// nothing read is changed.
import { readFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, extname, join, resolve } from "node:path";
import { parseNativeDocument } from "./catalog-document.js";
import { CatalogError, CatalogErrorList, jsonSyntaxError, lineAndColumn } from "./catalog-error.js";
import { parsePlainSchema } from "./catalog-formats/plain-schema.js";
import { requireObject, type ParsedDeclaration } from "./catalog-formats/tool-fields.js";
import { isCatalogWrapper, readCatalogWrapper, type CatalogWrapper } from "./catalog-wrapper.js";
import { appendPointer } from "./json-pointer.js";
import { describeUnknownDialect, readDeclaredDialect } from "./dialects/declared-dialect.js";
import { versionFromSchema } from "./schema-version.js";
import type { Dialect } from "../lite/dialect.js";
import type { CatalogReadOptions, DeclaredSchema } from "./types.js";
import { jsonTextProblem } from "./json-text-limits.js";

/** Every declared schema in these files and folders (folders recursively, `.json` files, sorted by name). */
export async function loadCatalogs(paths: readonly string[], options: CatalogReadOptions = {}): Promise<DeclaredSchema[]> {
  const declared: DeclaredSchema[] = [];
  await forEachCatalogFile(
    paths,
    (_file, schemas) => {
      declared.push(...schemas);
    },
    options,
  );
  return declared;
}

/**
 * Reads the catalogs one file at a time and hands each file's declarations to `visit`, so a caller can
 * work through a large folder without holding it all. Every file that cannot be read or recognised
 * (and every duplicate id) is collected: the scan goes on, and ends by throwing one CatalogErrorList
 * that names each file and place (one bad file throws its own CatalogError). Files before a bad one have been visited by then.
 */
export async function forEachCatalogFile(
  paths: readonly string[],
  visit: (file: string, schemas: DeclaredSchema[]) => void | Promise<void>,
  options: CatalogReadOptions = {},
): Promise<void> {
  const firstSeen = new Map<string, { file: string; pointer: string }>();
  const errors: CatalogError[] = [];
  const files = await listCatalogFiles(paths, errors);
  for (const file of files) {
    let schemas: DeclaredSchema[];
    try {
      schemas = await loadCatalogFile(file, options);
    } catch (error) {
      if (!(error instanceof CatalogError)) throw error;
      errors.push(error);
      continue;
    }
    const before = errors.length;
    for (const schema of schemas) {
      const earlier = firstSeen.get(schema.id);
      if (earlier === undefined) firstSeen.set(schema.id, { file, pointer: schema.source.pointer });
      else errors.push(new CatalogError(file, schema.source.pointer, `duplicate tool id "${schema.id}" (also in ${earlier.file} at ${earlier.pointer})`));
    }
    if (errors.length === before) await visit(file, schemas);
  }
  if (errors.length === 1) throw errors[0]!;
  if (errors.length > 1) throw new CatalogErrorList(errors, files.length);
}

/** The catalog files these paths name: files as given, folders walked in name order; each file once. */
export async function listCatalogFiles(paths: readonly string[], errors?: CatalogError[]): Promise<string[]> {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    const absolute = resolve(file);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    files.push(file);
  };
  for (const path of paths) {
    let kind: "file" | "folder";
    try {
      kind = await pathKind(path);
    } catch (error) {
      // Collected with the rest when the caller keeps a list; thrown at once otherwise.
      if (errors === undefined || !(error instanceof CatalogError)) throw error;
      errors.push(error);
      continue;
    }
    if (kind === "file") add(path);
    else for (const file of await listJsonFilesUnder(path)) add(file);
  }
  return files;
}

async function pathKind(path: string): Promise<"file" | "folder"> {
  try {
    return (await stat(path)).isDirectory() ? "folder" : "file";
  } catch (error) {
    throw new CatalogError(path, "", `cannot read: ${describeFsError(error)}`, { cause: error });
  }
}

// Code-unit order, not locale order, so every machine lists the same files in the same order.
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

async function listJsonFilesUnder(folder: string): Promise<string[]> {
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => byName(a.name, b.name));
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await listJsonFilesUnder(path)));
    else if (entry.isFile() && entry.name.endsWith(".json")) files.push(path);
  }
  return files;
}

export async function loadCatalogFile(file: string, options: CatalogReadOptions = {}): Promise<DeclaredSchema[]> {
  let text: string;
  try {
    // Read in one call, not through the thread pool's open, stat, read and close: a folder scan reads
    // thousands of small files one after another, and the round trips cost more than the reading.
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CatalogError(file, "", `cannot read: ${describeFsError(error)}`, { cause: error });
  }
  return parseCatalog(parseCatalogJson(text, file), file, options);
}

export function parseCatalogJson(text: string, file: string): unknown {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const problem = jsonTextProblem(withoutBom);
  if (problem) throw new CatalogError(file, "", problem.reason, lineAndColumn(withoutBom, problem.offset));
  try {
    return JSON.parse(withoutBom);
  } catch (error) {
    throw jsonSyntaxError(file, withoutBom, error);
  }
}

/** The declarations in a parsed catalog document; `file` names it in ids (its base name) and errors. */
export function parseCatalog(document: unknown, file: string, options: CatalogReadOptions = {}): DeclaredSchema[] {
  const fileCatalogName = basename(file, extname(file));
  if (!isCatalogWrapper(document)) {
    return toDeclaredSchemas(parseNativeDocument(document, file, "", fileCatalogName), file, { catalog: fileCatalogName, version: null, risk: new Map() }, options);
  }
  const wrapper = readCatalogWrapper(document, file);
  const declarations = parseWrappedTools(wrapper, file);
  checkRiskNames(wrapper, declarations, file);
  return toDeclaredSchemas(declarations, file, wrapper, options);
}

function parseWrappedTools(wrapper: CatalogWrapper, file: string): ParsedDeclaration[] {
  const declarations =
    wrapper.format === "schema"
      ? parsePlainSchema(requireObject(wrapper.tools, file, "/tools", "a schema"), file, "/tools", wrapper.catalog)
      : parseNativeDocument(wrapper.tools, file, "/tools", wrapper.catalog);
  for (const declaration of declarations) {
    if (wrapper.format !== null && declaration.format !== wrapper.format) {
      throw new CatalogError(file, declaration.pointer, `the wrapper says format "${wrapper.format}" but this is a ${declaration.format} declaration`);
    }
  }
  return declarations;
}

// A risk level for a tool the catalog does not declare is almost always a typo: say so.
function checkRiskNames(wrapper: CatalogWrapper, declarations: readonly ParsedDeclaration[], file: string): void {
  const names = new Set(declarations.map((declaration) => declaration.name));
  for (const tool of wrapper.risk.keys()) {
    if (!names.has(tool)) throw new CatalogError(file, appendPointer("/risk", tool), `risk for "${tool}", which this catalog does not declare`);
  }
}

interface CatalogFacts {
  readonly catalog: string;
  readonly version: string | null;
  readonly risk: ReadonlyMap<string, NonNullable<DeclaredSchema["risk"]>>;
  /** The wrapper's dialect for schemas that name none. */
  readonly dialect?: Dialect;
}

function toDeclaredSchemas(declarations: readonly ParsedDeclaration[], file: string, facts: CatalogFacts, options: CatalogReadOptions): DeclaredSchema[] {
  const { catalog, version: catalogVersion, risk } = facts;
  const pointerById = new Map<string, string>();
  return declarations.map((declaration) => {
    const reading = readDeclaredDialect(declaration.schema, declaration.dialect, options.dialect, facts.dialect);
    if ("unknownSchemaUri" in reading) throw new CatalogError(file, appendPointer(declaration.pointer, "$schema"), describeUnknownDialect(reading.unknownSchemaUri));
    const id = `${catalog}/${declaration.localId}`;
    const earlier = pointerById.get(id);
    if (earlier !== undefined) throw new CatalogError(file, declaration.pointer, `duplicate tool id "${id}" (also at ${earlier})`);
    pointerById.set(id, declaration.pointer);
    const level = risk.get(declaration.name);
    return {
      id,
      name: declaration.name,
      version: catalogVersion ?? versionFromSchema(declaration.schema),
      ...(declaration.description === undefined ? {} : { description: declaration.description }),
      ...(level === undefined ? {} : { risk: level }),
      ...(declaration.strict === undefined ? {} : { strict: declaration.strict }),
      source: { file, format: declaration.format, pointer: declaration.pointer },
      schema: declaration.schema,
      role: declaration.role,
      dialect: reading.dialect,
    };
  });
}

function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT") return "no such file or folder";
  if (code === "EACCES") return "permission denied";
  return error instanceof Error ? error.message : String(error);
}
