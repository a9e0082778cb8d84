// The catalog wrapper: a native document plus what providers have no field for (a catalog name,
// a version, risk levels per tool). Documented in suites/catalogs/README.md.
import { CatalogError } from "./catalog-error.js";
import { describeJsonType, isJsonObject, requireObject, type JsonObject } from "./catalog-formats/tool-fields.js";
import { DIALECTS, parseDialectName, type Dialect } from "../lite/dialect.js";
import { appendPointer } from "./json-pointer.js";
import type { CatalogFormat, DeclaredSchema } from "./types.js";

export type RiskLevel = NonNullable<DeclaredSchema["risk"]>;

export interface CatalogWrapper {
  readonly catalog: string;
  readonly version: string | null;
  /** When set, every declaration in `tools` must be in this format. */
  readonly format: CatalogFormat | null;
  readonly description?: string;
  /** The native document, found at `/tools`. */
  readonly tools: unknown;
  /** Risk level per tool name. */
  readonly risk: ReadonlyMap<string, RiskLevel>;
  /** The dialect of schemas that name none (no `$schema`): e.g. "openapi-3.0" for tools made from an OpenAPI description. */
  readonly dialect?: Dialect;
}

const WRAPPER_FIELDS = new Set(["$schema", "catalog", "version", "format", "dialect", "description", "tools", "risk"]);
const FORMATS: readonly CatalogFormat[] = ["openai", "anthropic", "gemini", "mcp", "schema"];
const RISK_LEVELS: readonly RiskLevel[] = ["low", "medium", "high"];
// The catalog name is the first half of every id (`<catalog>/<tool>`), so it may not contain a slash.
const CATALOG_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function isCatalogWrapper(document: unknown): document is JsonObject {
  return isJsonObject(document) && "catalog" in document;
}

export function readCatalogWrapper(wrapper: JsonObject, file: string): CatalogWrapper {
  for (const key of Object.keys(wrapper)) {
    if (!WRAPPER_FIELDS.has(key) && !key.startsWith("x-")) {
      throw new CatalogError(file, appendPointer("", key), `unknown catalog wrapper field "${key}" (known: ${[...WRAPPER_FIELDS].join(", ")}, or x-*)`);
    }
  }
  if (!("tools" in wrapper)) throw new CatalogError(file, "", 'a catalog wrapper needs "tools" (the native tool list or schema)');
  const description = optionalString(wrapper, "description", file);
  const dialect = readDialect(wrapper.dialect, file);
  return {
    ...(dialect === undefined ? {} : { dialect }),
    catalog: readCatalogName(wrapper.catalog, file),
    version: optionalString(wrapper, "version", file) ?? null,
    format: readFormat(wrapper.format, file),
    ...(description === undefined ? {} : { description }),
    tools: wrapper.tools,
    risk: readRisk(wrapper.risk, file),
  };
}

function readCatalogName(name: unknown, file: string): string {
  if (typeof name === "string" && CATALOG_NAME.test(name)) return name;
  throw new CatalogError(file, "/catalog", `catalog must be a name of letters, digits, ".", "_" or "-" (got ${JSON.stringify(name)})`);
}

function optionalString(wrapper: JsonObject, field: string, file: string): string | undefined {
  const value = wrapper[field];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") throw new CatalogError(file, `/${field}`, `${field} must be a non-empty string, got ${describeJsonType(value)}`);
  return value;
}

function readFormat(format: unknown, file: string): CatalogFormat | null {
  if (format === undefined) return null;
  if (typeof format === "string" && (FORMATS as readonly string[]).includes(format)) return format as CatalogFormat;
  throw new CatalogError(file, "/format", `format must be one of ${FORMATS.join(", ")} (got ${JSON.stringify(format)})`);
}

function readDialect(name: unknown, file: string): Dialect | undefined {
  if (name === undefined) return undefined;
  const dialect = typeof name === "string" ? parseDialectName(name) : undefined;
  if (dialect === undefined) throw new CatalogError(file, "/dialect", `dialect must be one of ${DIALECTS.join(", ")} (got ${JSON.stringify(name)})`);
  return dialect;
}

function readRisk(risk: unknown, file: string): Map<string, RiskLevel> {
  const levels = new Map<string, RiskLevel>();
  if (risk === undefined) return levels;
  for (const [tool, level] of Object.entries(requireObject(risk, file, "/risk", "risk"))) {
    if (typeof level !== "string" || !(RISK_LEVELS as readonly string[]).includes(level)) {
      throw new CatalogError(file, appendPointer("/risk", tool), `risk must be one of ${RISK_LEVELS.join(", ")} (got ${JSON.stringify(level)})`);
    }
    levels.set(tool, level as RiskLevel);
  }
  return levels;
}
