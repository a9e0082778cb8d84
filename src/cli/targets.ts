// `schemalab targets [--format text|json] [--html DIR] [--matrix FILE...]`: every target check and
// probe know, with its provider, mode, profile date and how many of its cells are documented,
// observed or unknown; --html writes a browsable feature × target matrix with every cell's citation.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadMatrix, loadProfiles, ProfileError } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { matrixColumns, renderTargetsHtml } from "../targets/render-targets-html.js";
import { formatTargetsText, summariseTargets } from "../targets/summarise-targets.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs, textOrJson } from "./verb-options.js";

const HELP = `usage: schemalab targets [options]

  --format text|json   json: {"targets":[{target, provider, mode, role, enforcement, profileDate,
                       version, basis, counts:{documented, observed, unknown}}]}
  --html DIR           also write DIR/targets.html: feature × target, each cell with its status,
                       source, quote, date and evidence; filterable; self-contained (no network)
  --matrix FILE...     measured matrices (schemalab probe --out): listed and shown beside the
                       documented targets they measured

A cell is documented (vendor docs, specs, SDK source), observed (a third-party report of a real
answer, or a probe), or unknown (not confirmed, or sources conflict). Sources: providers/*/profile.json.
`;

const OPTIONS = {
  format: { type: "string", default: "text" },
  html: { type: "string" },
  matrix: { type: "string", multiple: true },
  help: { type: "boolean", short: "h", default: false },
} as const;

export async function targetsVerb(argv: string[], io: Io): Promise<number> {
  const { values } = parseVerbArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  if (values.help) {
    io.err(HELP);
    return 0;
  }
  const format = textOrJson(values.format);
  const documented = loadProfiles();
  let measured: ProviderProfile[];
  try {
    measured = (values.matrix ?? []).map((file) => loadMatrix(file));
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--matrix ${error.message}`);
    throw error;
  }
  const summaries = summariseTargets([...documented, ...measured]);
  if (format === "json") io.out(JSON.stringify({ targets: summaries }, null, 2) + "\n");
  else io.out(formatTargetsText(summaries));
  if (values.html !== undefined) {
    const dir = resolve(values.html);
    try {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "targets.html");
      const from = measured.length === 0 ? "the documented profiles" : `the documented profiles and ${measured.length} measured matrix file(s)`;
      writeFileSync(file, renderTargetsHtml(matrixColumns(documented, measured), from));
      io.err(`targets: wrote ${file}\n`);
    } catch (error) {
      throw new UsageError(`--html ${values.html}: ${(error as Error).message}`);
    }
  }
  return 0;
}
