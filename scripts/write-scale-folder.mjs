#!/usr/bin/env node
// Writes the scale folder check is measured on (issue 22): 11,299 schema files and 6 files that are
// not schemas, into a new temp dir (or the dir given), and prints its path and make-up.
// Needs `npm run build` first. GitHub's schemas come from $SCHEMALAB_SHARED_DIR (or ../shared).
// usage: node scripts/write-scale-folder.mjs [DIR] [--good N] [--bad N]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultGithubFile } from "../dist/src/bench/bench-corpora.js";
import { writeScaleFolder } from "../dist/src/bench/scale-folder.js";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { good: { type: "string", default: "11299" }, bad: { type: "string", default: "6" } } });
const folder = positionals[0] ?? mkdtempSync(join(tmpdir(), "schemalab-scale-"));
const made = await writeScaleFolder(folder, { good: Number(values.good), bad: Number(values.bad), githubFile: defaultGithubFile() });
if (made.githubMissing) process.stderr.write(`write-scale-folder: ${made.githubMissing}; generated kinds fill in\n`);
process.stdout.write(`${JSON.stringify(made.files)}\n${folder}\n`);
