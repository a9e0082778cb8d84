// What `schemalab init` proposes: the catalog files it can read under a folder (not node_modules,
// .git, dist, reports), the servers of an .mcp.json, and the settings a nightly needs to be repeatable.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { loadCatalogFile } from "../schema/load-catalog.js";
import type { CatalogEntry, SchemalabConfig } from "./config-types.js";

const SKIPPED = new Set(["node_modules", ".git", "dist", "reports", "coverage"]);
const CATALOG_FILE = /\.(json|ya?ml)$/;
const NOT_CATALOGS = new Set(["package.json", "package-lock.json", "tsconfig.json", ".mcp.json", "schemalab.config.json"]);
const MAX_DEPTH = 4;

function candidateFiles(dir: string, depth = 0): string[] {
  if (depth > MAX_DEPTH) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith(".") ? [] : candidateFiles(join(dir, entry.name), depth + 1);
      return entry.isFile() && CATALOG_FILE.test(entry.name) && !NOT_CATALOGS.has(entry.name) ? [join(dir, entry.name)] : [];
    });
}

/** Files under `dir` that read as catalogs with at least one schema (paths relative to `dir`). */
export async function findCatalogFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of candidateFiles(dir)) {
    try {
      if ((await loadCatalogFile(file)).length > 0) found.push(relative(dir, file));
    } catch {
      // Not a catalog (a fixture, a config of another tool): not proposed.
    }
  }
  return found;
}

interface McpServer {
  readonly command?: unknown;
  readonly args?: unknown;
}

const quoted = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/** `.mcp.json` servers started on stdio, as `{ "mcp": "command args" }` entries. */
export function mcpEntries(dir: string): CatalogEntry[] {
  const file = join(dir, ".mcp.json");
  if (!existsSync(file)) return [];
  let servers: Record<string, McpServer>;
  try {
    servers = (JSON.parse(readFileSync(file, "utf8")) as { mcpServers?: Record<string, McpServer> }).mcpServers ?? {};
  } catch {
    return [];
  }
  return Object.values(servers).flatMap((server) => {
    if (typeof server.command !== "string") return []; // a URL server: not started by the lab
    const args = Array.isArray(server.args) ? server.args.filter((arg): arg is string => typeof arg === "string") : [];
    return [{ mcp: [server.command, ...args].map(quoted).join(" ") }];
  });
}

export async function starterConfig(dir: string): Promise<SchemalabConfig> {
  const catalogs = [...(await findCatalogFiles(dir)), ...mcpEntries(dir)];
  return {
    catalogs,
    seed: 1,
    runs: 2000,
    steps: ["check", "fuzz"],
    baseline: "reports/baseline.json",
    failOn: { check: ["rejected"], fuzz: ["disagreement"], run: ["regression"] },
    out: "reports/latest",
  };
}
