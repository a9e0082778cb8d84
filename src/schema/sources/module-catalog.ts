// `--module FILE`: a JS or TS module (TS through tsx, the loader the lab uses for validator modules)
// whose exports are tools or schemas. Each export becomes an MCP-style tool: an AI SDK tool() (or
// `{name?, description?, inputSchema, outputSchema?}`), a map of them (`export const tools = {...}`),
// or a bare schema (a tool input named after the export). Each schema is converted as its SDK does
// and the converter is named; an export nothing converts is listed, never skipped in silence.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CatalogError } from "../catalog-error.js";
import { catalogNameOf, registerModuleReader, type ModuleFailure } from "./catalog-sources.js";
import { looksLikeSchema, looksLikeTool, NotConvertible, ProjectPackages, viaAiSdk, viaOwnProducer, type Converted } from "./module-converters.js";

const TYPESCRIPT = new Set([".ts", ".mts", ".cts", ".tsx"]);

interface ModuleTool {
  name: string;
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

async function importModule(file: string): Promise<Record<string, unknown>> {
  const label = `--module ${file}`;
  if (!existsSync(file)) throw new CatalogError(label, "", "file not found");
  try {
    if (!TYPESCRIPT.has(extname(file))) return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const tsx = tsxApiFor(file);
    if (tsx === undefined) throw new Error("a TypeScript module needs tsx (npm install -D tsx), or compile it to JavaScript first");
    const api = (await import(pathToFileURL(tsx).href)) as { tsImport: (specifier: string, parent: string) => Promise<Record<string, unknown>> };
    return await api.tsImport(pathToFileURL(file).href, import.meta.url);
  } catch (error) {
    throw new CatalogError(label, "", `cannot import it: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, { cause: error });
  }
}

/** tsx's ESM API, from the user's project first, else the lab's own. */
function tsxApiFor(file: string): string | undefined {
  for (const from of [file, import.meta.url.startsWith("file:") ? new URL(import.meta.url).pathname : file]) {
    try {
      const manifest = createRequire(from).resolve("tsx/package.json");
      return join(dirname(manifest), "dist", "esm", "api", "index.mjs");
    } catch {
      continue;
    }
  }
  return undefined;
}

type Entry = { readonly name: string; readonly value: unknown };

/** The exports as (name, value): a default export that is a map of tools opens into its entries. */
function entriesOf(namespace: Record<string, unknown>): Entry[] {
  const entries: Entry[] = [];
  for (const name of Object.keys(namespace).sort()) {
    const value = namespace[name];
    if (isToolMap(value)) for (const key of Object.keys(value as object)) entries.push({ name: key, value: (value as Record<string, unknown>)[key] });
    else entries.push({ name: name === "default" ? "default" : name, value });
  }
  return entries;
}

function isToolMap(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value) || looksLikeSchema(value) || looksLikeTool(value)) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every((entry) => looksLikeTool(entry) || looksLikeSchema(entry));
}

async function convertToolSchema(value: unknown, packages: ProjectPackages): Promise<Converted> {
  // Plain JSON inside a tool is sent as written; a producer's schema goes through the AI SDK when the project has it.
  if (!looksLikeSchema(value) || isPlainJson(value)) return viaOwnProducer(value, packages);
  try {
    return await viaAiSdk(value, packages);
  } catch (error) {
    if (error instanceof NotConvertible && /not installed/.test(error.message)) return viaOwnProducer(value, packages);
    throw error;
  }
}

function isPlainJson(value: unknown): boolean {
  return typeof value === "object" && value !== null && !("_zod" in value) && !("~standard" in value) && !(Symbol.for("vercel.ai.schema") in value);
}

async function toTool(entry: Entry, packages: ProjectPackages, notes: string[], failures: ModuleFailure[]): Promise<ModuleTool | undefined> {
  const where = `--module ${packages.file}: export ${entry.name}`;
  try {
    if (looksLikeTool(entry.value)) {
      const tool = entry.value;
      const name = typeof tool.name === "string" ? tool.name : entry.name;
      const input = await convertToolSchema(tool.inputSchema ?? tool.parameters, packages);
      const output = tool.outputSchema === undefined ? undefined : await convertToolSchema(tool.outputSchema, packages);
      notes.push(`${where}: tool "${name}": inputSchema by ${input.converter}${output ? `, outputSchema by ${output.converter}` : ""}`);
      return { name, ...(typeof tool.description === "string" ? { description: tool.description } : {}), inputSchema: input.json, ...(output ? { outputSchema: output.json } : {}) };
    }
    if (!looksLikeSchema(entry.value) && typeof entry.value !== "function") {
      notes.push(`${where}: ignored: neither a tool nor a schema (${entry.value === null ? "null" : typeof entry.value})`);
      return undefined;
    }
    const converted = await viaOwnProducer(entry.value, packages);
    notes.push(`${where}: schema by ${converted.converter}`);
    return { name: entry.name, inputSchema: converted.json };
  } catch (error) {
    if (!(error instanceof NotConvertible)) {
      // A converter that throws is the producer's failure: named, and the tool is not checked.
      failures.push({ tool: entry.name, message: `the converter threw: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` });
      return undefined;
    }
    if (typeof entry.value === "function" && !("~standard" in entry.value)) {
      notes.push(`${where}: ignored: a function`);
      return undefined;
    }
    failures.push({ tool: entry.name, message: error.message });
    return undefined;
  }
}

/** The module's tools as an MCP tools/list catalog wrapper, named after the file. */
export async function readModuleCatalog(file: string): Promise<{ document: { catalog: string; version: null; format: "mcp"; tools: { tools: ModuleTool[] } }; notes: string[]; failures: ModuleFailure[] }> {
  const absolute = resolve(file);
  const namespace = await importModule(absolute);
  const packages = new ProjectPackages(absolute);
  const notes: string[] = [];
  const tools: ModuleTool[] = [];
  const failures: ModuleFailure[] = [];
  for (const entry of entriesOf(namespace)) {
    const tool = await toTool(entry, packages, notes, failures);
    if (tool) tools.push(tool);
  }
  if (tools.length === 0 && failures.length === 0) throw new CatalogError(`--module ${file}`, "", `no export is a tool or a schema${notes.length > 0 ? ` (${notes.map((note) => note.replace(/^--module \S+: /, "")).join("; ")})` : ""}`);
  return { document: { catalog: catalogNameOf(basename(file, extname(file))), version: null, format: "mcp", tools: { tools } }, notes, failures };
}

registerModuleReader(readModuleCatalog);
