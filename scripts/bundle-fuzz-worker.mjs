#!/usr/bin/env node
// Bundles the fuzz worker (dist/src/diff/fuzz-worker.js, the built-in validators and the generators it
// imports on demand) into one file, run by `npm run build` after tsc. A worker then parses one file
// instead of resolving and loading ~260 modules (a third of a second of CPU per worker). Beside it, a
// stamp lists every input with its size, mtime and hash: spawn-fuzz-worker.ts uses the bundle only
// while every input is unchanged, so a tree rebuilt by tsc alone still runs its fresh modules.
// usage: node scripts/bundle-fuzz-worker.mjs   (from the package root, after tsc)
import { createHash } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..");
const diff = resolve(root, "dist", "src", "diff");
const outfile = resolve(diff, "fuzz-worker.bundle.js");

const result = await build({
  entryPoints: [resolve(diff, "fuzz-worker.js")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  metafile: true,
  logLevel: "warning",
  // The bundled CommonJS packages (Ajv) call require for Node's built-ins: give the ES module one.
  banner: { js: 'import { createRequire as __schemalabCreateRequire } from "node:module";\nconst require = __schemalabCreateRequire(import.meta.url);' },
});

const inputs = Object.keys(result.metafile.inputs)
  .map((input) => resolve(input))
  .sort()
  .map((file) => [relative(diff, file), ...fileStamp(file)]);
const stamp = { bundle: relative(diff, outfile), output: fileStamp(outfile), inputs };
writeFileSync(resolve(diff, "fuzz-worker.bundle.stamp.json"), `${JSON.stringify(stamp)}\n`);
/** Size, mtime and content hash (an installed package keeps the content, not the mtimes). */
function fileStamp(file) {
  const stat = statSync(file);
  return [stat.size, stat.mtimeMs, createHash("sha1").update(readFileSync(file)).digest("hex")];
}

process.stdout.write(`bundle-fuzz-worker: ${relative(root, outfile)} from ${inputs.length} modules\n`);
