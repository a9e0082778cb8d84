#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run by `npm ci` through `prepare`).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const entry = new URL("../dist/src/cli/main.js", import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write("schemalab: dist/ is missing; run `npm run build` (npm ci does it through `prepare`).\n");
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
// A verb is done when main returns: a stray handle (the stuck worker of a module under test, a socket a
// hostile server keeps open) must not keep the process alive after the report is written.
setTimeout(() => process.exit(), 2000).unref();
