// Finds schemalab.config.{json,mjs,ts} from the working directory up, loads it, checks it against
// schemalab.config.schema.json (bad config: one line naming the file and the place, exit 2) and
// makes its paths absolute from the file's folder, so a job runs the same from any subfolder.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type Ajv2020Module from "ajv/dist/2020.js";
import { UsageError } from "../cli/usage-error.js";
import configSchema from "./schemalab.config.schema.json" with { type: "json" };
import type { CatalogEntry, LoadedConfig, SchemalabConfig } from "./config-types.js";

export const CONFIG_NAMES = ["schemalab.config.json", "schemalab.config.mjs", "schemalab.config.ts"] as const;

type Ajv2020 = (typeof Ajv2020Module)["default"];
let validate: ReturnType<InstanceType<Ajv2020>["compile"]> | undefined;

/** Ajv, required when a config file is found: every verb starts here, and most runs have none (~100 modules). */
function ajv2020(): Ajv2020 {
  return (createRequire(import.meta.url)("ajv/dist/2020.js") as typeof Ajv2020Module).default;
}

/** The nearest config file at or above `start`, or undefined. */
export function findConfigFile(start: string = process.cwd()): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    for (const name of CONFIG_NAMES) if (existsSync(join(dir, name))) return join(dir, name);
    if (dirname(dir) === dir) return undefined;
  }
}

async function importTs(file: string): Promise<unknown> {
  // Node 20 cannot run TypeScript itself: use the project's tsx (or ours) when there is one.
  for (const from of [file, import.meta.url]) {
    try {
      const tsxPath = createRequire(from).resolve("tsx/esm/api");
      const { tsImport } = (await import(pathToFileURL(tsxPath).href)) as { tsImport: (specifier: string, parent: string) => Promise<unknown> };
      return await tsImport(pathToFileURL(file).href, import.meta.url);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
    }
  }
  throw new UsageError(`${file}: a .ts config needs tsx installed (npm install -D tsx); or write schemalab.config.mjs / .json`);
}

async function readRaw(file: string): Promise<unknown> {
  if (file.endsWith(".json")) {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new UsageError(`${file}: not JSON: ${(error as Error).message}`);
    }
  }
  const module = (file.endsWith(".ts") ? await importTs(file) : await import(pathToFileURL(file).href)) as { default?: unknown };
  // tsx wraps a default export once more when it compiles to CommonJS.
  const value = module.default ?? module;
  return typeof value === "object" && value !== null && "default" in value && Object.keys(value).length === 1 ? (value as { default: unknown }).default : value;
}

export function checkConfig(file: string, raw: unknown): SchemalabConfig {
  validate ??= new (ajv2020())({ allErrors: false, strict: false, allowUnionTypes: true }).compile(configSchema);
  if (!validate(raw)) {
    const [error] = validate.errors ?? [];
    const place = error?.instancePath || "/";
    const detail = error?.keyword === "additionalProperties" ? `unknown key '${String(error.params.additionalProperty)}'` : error?.message ?? "invalid";
    throw new UsageError(`${file} at ${place}: ${detail}`);
  }
  return raw as SchemalabConfig;
}

function absolute(base: string, path: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

function withAbsolutePaths(config: SchemalabConfig, base: string): SchemalabConfig {
  const catalog = (entry: CatalogEntry): CatalogEntry =>
    typeof entry === "string" ? absolute(base, entry) : "module" in entry ? { module: absolute(base, entry.module) } : entry;
  const isPath = (value: string) => value !== "lite" && value !== "ajv";
  return {
    ...config,
    ...(config.catalogs ? { catalogs: config.catalogs.map(catalog) } : {}),
    ...(config.validator && isPath(config.validator) ? { validator: absolute(base, config.validator) } : {}),
    ...(config.suite ? { suite: absolute(base, config.suite) } : {}),
    ...(config.baseline ? { baseline: absolute(base, config.baseline) } : {}),
    // A team's reports land beside its config, not in the installed package.
    out: absolute(base, config.out ?? "reports/latest"),
    ...(config.compat
      ? {
          compat: {
            ...config.compat,
            ...(config.compat.ignoreFile ? { ignoreFile: absolute(base, config.compat.ignoreFile) } : {}),
            ...(config.compat.pairs ? { pairs: config.compat.pairs.map((pair) => ({ old: absolute(base, pair.old), new: absolute(base, pair.new) })) } : {}),
          },
        }
      : {}),
  };
}

export async function loadConfigFile(file: string): Promise<LoadedConfig> {
  const config = checkConfig(file, await readRaw(file));
  return { file, config: withAbsolutePaths(config, dirname(file)) };
}

/** `--config FILE` when given, else the nearest config file, else none (the demo job). */
export async function loadConfig(explicit: string | undefined, cwd: string = process.cwd()): Promise<LoadedConfig | undefined> {
  if (explicit !== undefined) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new UsageError(`--config ${explicit}: no such file`);
    return loadConfigFile(file);
  }
  const found = findConfigFile(cwd);
  return found === undefined ? undefined : loadConfigFile(found);
}
