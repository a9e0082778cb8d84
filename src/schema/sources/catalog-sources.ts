// Catalog sources beyond files: a live MCP server (`--mcp "COMMAND ARGS"`, `--mcp-url URL`) and a
// code module (`--module FILE`) read into the same DeclaredSchema[] a catalog file gives, each with
// its catalog name and version, the rules its tool list breaks, and notes on how it was read. Verbs
// that hand paths to workers get each live catalog written as a catalog wrapper file (writeCatalogFiles).
import { rmSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CatalogError } from "../catalog-error.js";
import { loadCatalogs, parseCatalog } from "../load-catalog.js";
import type { CatalogReadOptions, DeclaredSchema } from "../types.js";
import { CommandLineError } from "./command-line.js";
import { listMcpTools, mcpLabel, McpSourceError, type McpLimits, type McpListing, type McpSpec } from "./mcp-client.js";
import { checkToolRules, type ToolRuleFinding } from "./tool-rules.js";

export type CatalogSourceSpec =
  | { readonly kind: "path"; readonly path: string }
  | { readonly kind: "mcp"; readonly command: string }
  | { readonly kind: "mcp-url"; readonly url: string }
  | { readonly kind: "module"; readonly file: string };

export interface LoadedSource {
  readonly spec: CatalogSourceSpec;
  /** How the command line named it (`--mcp "node server.js"`, a path). */
  readonly label: string;
  readonly schemas: readonly DeclaredSchema[];
  /** The catalog wrapper document of a live source (absent for paths, which stay files). */
  readonly document?: { readonly catalog: string; readonly version?: string | null; readonly [field: string]: unknown };
  readonly rules: readonly ToolRuleFinding[];
  /** How it was read: the server and transport, the converter each module export went through. */
  readonly notes: readonly string[];
}

export interface SourceLoadOptions extends CatalogReadOptions {
  readonly mcp?: McpLimits;
}

/** A module source's reader (src/schema/sources/module-catalog.ts), registered so the MCP path never loads it. */
export type ModuleReader = (file: string) => Promise<{ document: LoadedSource["document"] & object; notes: string[]; failures: ModuleFailure[] }>;

/** An export no converter could turn into JSON Schema: a finding, never a silent skip. */
export interface ModuleFailure {
  readonly tool: string;
  readonly message: string;
}

/**
 * Reads every source in order. A server that cannot be started, hangs or dies, and a module that
 * cannot be read, are CatalogErrors naming it (exit 2), after every server started has been ended.
 */
export async function loadCatalogSources(specs: readonly CatalogSourceSpec[], options: SourceLoadOptions = {}): Promise<LoadedSource[]> {
  // Servers start side by side (start-up dominates); results keep the order given, and every one
  // has ended (each closes its own) before the first failure is thrown.
  const reads = await Promise.allSettled(specs.map((spec) => readSource(spec, options)));
  const failed = reads.find((read): read is PromiseRejectedResult => read.status === "rejected");
  if (failed) throw failed.reason;
  const loaded: LoadedSource[] = [];
  const catalogNames = new Set<string>();
  for (const [index, read] of reads.entries()) {
    const spec = specs[index]!;
    const value = (read as PromiseFulfilledResult<Awaited<ReturnType<typeof readSource>>>).value;
    if ("schemas" in value && value.schemas !== undefined) {
      loaded.push({ spec, label: (spec as { path: string }).path, schemas: value.schemas, rules: [], notes: [] });
      continue;
    }
    const { label, document, notes, failures } = value as Exclude<typeof value, { schemas: DeclaredSchema[] }>;
    const catalog = uniqueName(document.catalog, catalogNames);
    // A wrapper's version is a string or absent: a server or module without one leaves it out.
    const { version, ...rest } = document;
    const named = { ...rest, catalog, ...(version === null || version === undefined ? {} : { version }) } as NonNullable<LoadedSource["document"]>;
    const schemas = parseCatalog(named, label, options);
    const unconverted = failures.map((failure): ToolRuleFinding => ({
      schemaId: `${catalog}/${failure.tool}`, tool: failure.tool, rule: "not-converted", severity: "error", message: `not checked: ${failure.message}`, failsWholeRequestOn: [],
    }));
    loaded.push({ spec, label, schemas, document: named, rules: [...unconverted, ...checkToolRules(schemas)], notes });
  }
  return loaded;
}

async function readSource(spec: CatalogSourceSpec, options: SourceLoadOptions) {
  if (spec.kind === "path") return { schemas: await loadCatalogs([spec.path], options) };
  if (spec.kind === "module") return readModule(spec.file);
  return { ...(await readMcp(spec, options.mcp)), failures: [] as ModuleFailure[] };
}

async function readMcp(spec: Extract<CatalogSourceSpec, { kind: "mcp" | "mcp-url" }>, limits: McpLimits | undefined) {
  const mcpSpec: McpSpec = spec.kind === "mcp" ? { kind: "stdio", command: spec.command } : { kind: "http", url: spec.url };
  const label = mcpLabel(mcpSpec);
  let listing: McpListing;
  try {
    listing = await listMcpTools(mcpSpec, limits);
  } catch (error) {
    if (error instanceof McpSourceError || error instanceof CommandLineError) {
      throw new CatalogError(label, "", error.message.startsWith(`${label}: `) ? error.message.slice(label.length + 2) : error.message, { cause: error });
    }
    throw error;
  }
  const version = listing.serverVersion;
  const document = { catalog: catalogNameOf(listing.serverName), version, format: "mcp", tools: { tools: listing.tools } };
  const notes = [`${listing.label}: server ${listing.serverName} ${version ?? "(no version)"} over ${listing.transport}, ${listing.tools.length} tool(s) in ${listing.pages} page(s)`];
  return { label: listing.label, document, notes };
}

let moduleReader: ModuleReader | undefined;

/** Set by module-catalog.ts when imported; imported lazily below so MCP and file sources never load it. */
export function registerModuleReader(reader: ModuleReader): void {
  moduleReader = reader;
}

async function readModule(file: string) {
  if (moduleReader === undefined) await import("./module-catalog.js");
  const { document, notes, failures } = await moduleReader!(file);
  return { label: `--module ${file}`, document, notes, failures };
}

/** A server name as a catalog name (the first half of every id): letters, digits, ".", "_", "-". */
export function catalogNameOf(serverName: string): string {
  const cleaned = serverName.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "");
  return cleaned === "" ? "mcp-server" : cleaned;
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}-${n}`;
  taken.add(candidate);
  return candidate;
}

export interface CatalogFiles {
  /** Paths as given, and one catalog file per live source, in the sources' order. */
  readonly paths: readonly string[];
  /** Removes the files written (never the paths given). */
  cleanup(): Promise<void>;
  /** The same, synchronously: for a process "exit" hook. */
  cleanupNow(): void;
}

/** Every source as a path: files stay, live catalogs are written to a fresh temp folder as wrapper files. */
export async function writeCatalogFiles(sources: readonly LoadedSource[]): Promise<CatalogFiles> {
  const live = sources.filter((source) => source.document !== undefined);
  const folder = live.length > 0 ? await mkdtemp(join(tmpdir(), "schemalab-sources-")) : undefined;
  const paths: string[] = [];
  for (const source of sources) {
    if (source.document === undefined) {
      paths.push((source.spec as { path: string }).path);
      continue;
    }
    const file = join(folder!, `${source.document.catalog}.json`);
    await writeFile(file, JSON.stringify(source.document));
    paths.push(file);
  }
  return {
    paths,
    cleanup: async () => (folder === undefined ? undefined : rm(folder, { recursive: true, force: true })),
    cleanupNow: () => (folder === undefined ? undefined : rmSync(folder, { recursive: true, force: true })),
  };
}
