// A verb's command-line defaults from the config: the config becomes flags placed before the
// user's, and any flag the user gave wins (its config counterpart is left out, so a repeatable flag
// like --catalog is replaced, not added to).
import type { CatalogEntry, SchemalabConfig } from "./config-types.js";

type Flags = [name: string, values: readonly string[]][];

const pathsOf = (entries: readonly CatalogEntry[] | undefined) => (entries ?? []).filter((entry): entry is string => typeof entry === "string");
const seedOf = (config: SchemalabConfig) => (config.seed === undefined ? [] : [String(config.seed)]);
const list = (values: readonly string[] | undefined) => (values && values.length > 0 ? [values.join(",")] : []);
const one = (value: string | number | undefined) => (value === undefined ? [] : [String(value)]);

/** Catalog entries that are MCP servers or modules: check's and run's `--mcp` / `--module` (issue 24's catalog sources). */
export function catalogSourceFlags(config: SchemalabConfig): Flags {
  const entries = config.catalogs ?? [];
  const mcp = entries.flatMap((entry) => (typeof entry === "object" && "mcp" in entry ? [entry.mcp] : []));
  const modules = entries.flatMap((entry) => (typeof entry === "object" && "module" in entry ? [entry.module] : []));
  return [["mcp", mcp], ["module", modules]];
}

function flagsOf(verb: string, config: SchemalabConfig): Flags {
  const fuzzSeed = config.seed === "random" ? [] : seedOf(config);
  switch (verb) {
    case "check":
      return [["catalog", pathsOf(config.catalogs)], ...catalogSourceFlags(config), ["target", config.targets ?? []], ["fail-on", list(config.failOn?.check)]];
    case "fuzz":
      return [["schemas", pathsOf(config.catalogs)], ["validator", one(config.validator)], ["runs", one(config.runs)], ["seed", fuzzSeed], ["fail-on", list(config.failOn?.fuzz)]];
    case "conformance":
      return [["validator", one(config.validator)], ["suite", one(config.suite)]];
    case "probe":
      return [["max-requests", one(config.probe?.maxRequests)], ["samples", one(config.probe?.samples)], ["concurrency", one(config.probe?.concurrency)], ["fail-on", list(config.failOn?.probe)]];
    case "compat":
      return [["ignore-file", one(config.compat?.ignoreFile)], ["severity", Object.entries(config.compat?.severity ?? {}).map(([rule, level]) => `${rule}=${level}`)], ["fail-on", list(config.failOn?.compat)]];
    case "report":
      return [["catalog", pathsOf(config.catalogs)], ["baseline", one(config.baseline)], ["out", one(config.out)], ["fail-on", list(config.failOn?.run)]];
    case "run":
      return [["catalog", pathsOf(config.catalogs)], ...catalogSourceFlags(config), ["runs", one(config.runs)], ["seed", seedOf(config)], ["providers", list(config.probe?.providers)], ["suite", one(config.suite)], ["baseline", one(config.baseline)], ["out", one(config.out)], ["fail-on", list(config.failOn?.run)]];
    case "bench":
      return [["schemas", pathsOf(config.catalogs)]];
    default:
      return [];
  }
}

function userGave(argv: readonly string[], name: string): boolean {
  return argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
}

/** The verb's argv with the config's defaults in front; flags the user gave are not repeated. */
export function argvWithConfig(verb: string, argv: readonly string[], config: SchemalabConfig | undefined): string[] {
  if (config === undefined) return [...argv];
  const defaults = flagsOf(verb, config).flatMap(([name, values]) => (values.length === 0 || userGave(argv, name) ? [] : values.map((value) => `--${name}=${value}`)));
  return [...defaults, ...argv];
}
