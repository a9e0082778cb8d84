// `schemalab init`: write a starter schemalab.config.json from what is in the folder.
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { starterConfig } from "../config/starter-config.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs } from "./verb-options.js";

const HELP = `usage: schemalab init [--dir DIR] [--force]

Writes DIR/schemalab.config.json (default: the working directory) listing the catalog files found
under DIR (JSON or YAML files that read as tool or output schemas; not node_modules, .git, dist,
reports) and the stdio servers of DIR/.mcp.json, with a recorded seed, a baseline path and fail-on
levels. Edit it; \`schemalab run\` then runs that job. docs/config.md describes every key.

  --dir DIR    where to look and write (default .)
  --force      overwrite an existing schemalab.config.json
`;

export const SCHEMA_REF = "./node_modules/schemalab/src/config/schemalab.config.schema.json";

export async function initVerb(argv: string[], io: Io): Promise<number> {
  const { values } = parseVerbArgs({ args: argv, options: { dir: { type: "string", default: "." }, force: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } }, strict: true, allowPositionals: false });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const dir = resolve(values.dir);
  if (!existsSync(dir)) throw new UsageError(`--dir ${values.dir}: no such folder`);
  const file = join(dir, "schemalab.config.json");
  if (existsSync(file) && !values.force) throw new UsageError(`${file}: already exists (pass --force to overwrite)`);
  const config = await starterConfig(dir);
  writeFileSync(file, `${JSON.stringify({ $schema: SCHEMA_REF, ...config }, null, 2)}\n`);
  const count = config.catalogs?.length ?? 0;
  io.out(`wrote schemalab.config.json: ${count} catalog${count === 1 ? "" : "s"}, seed ${String(config.seed)}\n`);
  if (count === 0) io.err("schemalab init: no catalog found; add files or folders to \"catalogs\"\n");
  return 0;
}
