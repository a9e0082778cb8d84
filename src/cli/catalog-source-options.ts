// The catalog-source options every catalog verb takes (check, fuzz, compat, run; probe's catalog
// modes): `--mcp "COMMAND ARGS"`, `--mcp-url URL`, `--module FILE`, `--mcp-timeout-ms T`. Sources are
// read before the verb starts; what their tool lists break is printed (stderr) and returned.
import { CatalogError } from "../schema/catalog-error.js";
import { loadCatalogSources, writeCatalogFiles, type CatalogFiles, type CatalogSourceSpec, type LoadedSource } from "../schema/sources/catalog-sources.js";
import { formatToolRuleFinding, type ToolRuleFinding } from "../schema/sources/tool-rules.js";
import type { CatalogReadOptions } from "../schema/types.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { dialectOption } from "./verb-options.js";

export const SOURCE_OPTIONS = {
  mcp: { type: "string", multiple: true },
  "mcp-url": { type: "string", multiple: true },
  module: { type: "string", multiple: true },
  "mcp-timeout-ms": { type: "string" },
} as const;

export const SOURCE_HELP = `  --mcp "COMMAND ARGS"...   a live MCP server over stdio: started, its tools/list read (every page), ended
  --mcp-url URL...          a live MCP server over Streamable HTTP (SSE when it only has that)
  --module FILE...          a JS/TS module whose exports are tools or schemas (zod 3/4, TypeBox, Valibot,
                            ArkType, AI SDK tool()/jsonSchema(), Standard JSON Schema), converted as each SDK does
  --mcp-timeout-ms T        bound on a server's start-up and on each tools/list page (default 30000)`;

export interface SourceValues {
  readonly mcp?: string[];
  readonly "mcp-url"?: string[];
  readonly module?: string[];
  readonly "mcp-timeout-ms"?: string;
}

/** The live sources named by the options, MCP servers first, then URLs, then modules. */
export function sourceSpecsOf(values: SourceValues): CatalogSourceSpec[] {
  return [
    ...(values.mcp ?? []).map((command): CatalogSourceSpec => ({ kind: "mcp", command })),
    ...(values["mcp-url"] ?? []).map((url): CatalogSourceSpec => ({ kind: "mcp-url", url })),
    ...(values.module ?? []).map((file): CatalogSourceSpec => ({ kind: "module", file })),
  ];
}

/** A source option as parseArgs tokens give it, in command-line order (compat: the first side is OLD). */
export function sourceSpecOfToken(name: string, value: string): CatalogSourceSpec | undefined {
  if (name === "mcp") return { kind: "mcp", command: value };
  if (name === "mcp-url") return { kind: "mcp-url", url: value };
  if (name === "module") return { kind: "module", file: value };
  return undefined;
}

function timeoutOf(values: SourceValues): number | undefined {
  const text = values["mcp-timeout-ms"];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1) throw new UsageError(`--mcp-timeout-ms: expected a whole number of milliseconds >= 1, got '${text}'`);
  return value;
}

export interface OpenedSources {
  readonly sources: readonly LoadedSource[];
  readonly rules: readonly ToolRuleFinding[];
}

/** Reads the sources (bad ones are usage errors, exit 2) and prints how each was read and the rules it breaks. */
export async function openSources(specs: readonly CatalogSourceSpec[], values: SourceValues, io: Io, read: CatalogReadOptions = {}): Promise<OpenedSources> {
  if (specs.length === 0) return { sources: [], rules: [] };
  const timeout = timeoutOf(values);
  let sources: LoadedSource[];
  try {
    sources = await loadCatalogSources(specs, { ...read, ...(timeout === undefined ? {} : { mcp: { startMs: timeout, listMs: timeout } }) });
  } catch (error) {
    // A server or module that failed is named by its option; the catalog's "(document root)" says nothing more.
    if (error instanceof CatalogError && error.place === "" && error.cause instanceof Error) throw new UsageError(`${error.file}: ${error.cause.message.replace(`${error.file}: `, "")}`);
    if (error instanceof CatalogError) throw new UsageError(error.message);
    throw error;
  }
  const rules = sources.flatMap((source) => source.rules);
  const lines = [...sources.flatMap((source) => source.notes), ...rules.map(formatToolRuleFinding)];
  if (lines.length > 0) io.err(`${lines.join("\n")}\n`);
  return { sources, rules };
}

/** The sources as catalog paths for verbs that read files (workers); the caller must call cleanup. */
export async function sourceFiles(opened: OpenedSources): Promise<CatalogFiles> {
  return writeCatalogFiles(opened.sources);
}

export interface LiveSourceFiles {
  /** One catalog file per live source (removed when the process exits). */
  readonly paths: readonly string[];
  readonly rules: readonly ToolRuleFinding[];
  /** Whether some tool fails a whole request on one of these targets. */
  failsOn(targets: readonly string[]): boolean;
}

/** The verb's live sources read and written as catalog files, for verbs that only take paths; nothing to do without any. */
export async function liveSourceFiles(values: SourceValues & { readonly dialect?: string }, io: Io): Promise<LiveSourceFiles> {
  const specs = sourceSpecsOf(values);
  const dialect = dialectOption(values.dialect);
  const opened = await openSources(specs, values, io, dialect === undefined ? {} : { dialect });
  const files = await writeCatalogFiles(opened.sources);
  if (opened.sources.length > 0) process.once("exit", files.cleanupNow);
  return { paths: files.paths, rules: opened.rules, failsOn: (targets) => rulesFailTargets(opened.rules, targets) };
}

/** Whether a rule finding takes down a whole request on one of these targets ("openai:chat.tools"...). */
export function rulesFailTargets(rules: readonly ToolRuleFinding[], targets: readonly string[]): boolean {
  const providers = new Set(targets.map((target) => target.split(":")[0]));
  return rules.some((rule) => rule.severity === "error" && rule.failsWholeRequestOn.some((target) => providers.has(target)));
}
