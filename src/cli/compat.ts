// `schemalab compat OLD NEW [--direction backward|forward|both] [--runs N] [--seed S] [--format text|json]`
// Breaking changes between two versions of the same schemas, read as a release checklist. Exit 1 when
// something breaks without a version that announces it (semver: a major bump; below 1.0.0 a minor one).
import { DEFAULT_RUNS, DEFAULT_SEED, nextBreakingVersion, runCompat, type DirectionChoice } from "../compat/index.js";
import type { CompatChange, CompatResult, CompatSection } from "../report/model.js";
import { CatalogError } from "../schema/catalog-error.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { failOnLevels } from "./fail-on.js";
import { applyCompatPolicy, parseSeverities, readIgnoreFile } from "../compat/compat-policy.js";
import { dialectOption, parseVerbArgs, textOrJson, unknownKeywordsOption } from "./verb-options.js";
import { openSources, SOURCE_HELP, SOURCE_OPTIONS, sourceSpecOfToken } from "./catalog-source-options.js";
import type { CatalogSourceSpec } from "../schema/sources/catalog-sources.js";

const HELP = `usage: schemalab compat OLD NEW [options]

  OLD NEW                  schema files or catalogs (files or folders); tools pair by name. Either side may
                           be a live source instead, in command-line order: the first named is OLD
${SOURCE_HELP}
  --direction backward|forward|both
                           backward: every value valid under OLD stays valid under NEW (old calls pass)
                           forward: every value valid under NEW was valid under OLD (old consumers read)
                           default: backward for tool inputs, forward for structured outputs
  --runs N                 values drawn per search round (default ${DEFAULT_RUNS})
  --seed S                 search seed (default ${DEFAULT_SEED}); each counterexample's replay line repeats it
  --dialect NAME           read every schema as draft4|draft6|draft7|draft2019-09|draft2020-12|openapi-3.0
                           (default: each version's own: its $schema, its format's, else draft2020-12)
  --unknown-keywords refuse|annotate
                           keywords a schema's dialect does not define: bad input (default: a typo is
                           not a rule) or read as annotations, listed in the result's notes
  --allow-undetermined     exit 0 on an undetermined verdict (a search that could not run)
  --format text|json       json: one CompatSection document on stdout
  --ignore-file FILE       accepted breaks: [{ rule?, schemaId?, path?, reason, expires? (YYYY-MM-DD) }]
  --severity RULE=LEVEL... breaking (default), warning or ignore: a rule's breaks that do not fail
  --fail-on LEVELS         breaking,undetermined (default): what exits 1 (breaking alone = --allow-undetermined)

A break is a value one version accepts and the other rejects (Ajv; each version read in its own dialect): the structural
diff suspects it and, where it knows the value (a removed enum value, the bound + 1...), builds it;
the search draws more. Verdicts: breaking (witnessed), compatible (searched, nothing found: with the
count of values checked), undetermined (a search could not run, so a suspicion stays open). Budgets
count values, never time: the verdict depends only on the files' content, --seed and --runs.

exit: 0 compatible, or every break announced by a major version bump (below 1.0.0: a minor bump);
      1 a break without one, or an undetermined verdict (unless --allow-undetermined);
      2 bad usage or bad input
`;

const OPTIONS = {
  direction: { type: "string" },
  runs: { type: "string" },
  seed: { type: "string" },
  dialect: { type: "string" },
  "unknown-keywords": { type: "string" },
  "allow-undetermined": { type: "boolean", default: false },
  format: { type: "string", default: "text" },
  "fail-on": { type: "string" },
  "ignore-file": { type: "string" },
  severity: { type: "string", multiple: true },
  ...SOURCE_OPTIONS,
  help: { type: "boolean", short: "h", default: false },
} as const;

const DIRECTIONS: readonly DirectionChoice[] = ["backward", "forward", "both"];

function parseOptions(argv: string[]) {
  return parseVerbArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true, tokens: true });
}

function parseCount(name: string, text: string | undefined, minimum: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < minimum) throw new UsageError(`--${name}: expected an integer >= ${minimum}, got '${text}'`);
  return value;
}

function parseDirection(text: string | undefined): DirectionChoice | undefined {
  if (text === undefined) return undefined;
  if (!DIRECTIONS.includes(text as DirectionChoice)) throw new UsageError(`--direction: expected backward, forward or both, got '${text}'`);
  return text as DirectionChoice;
}

type Token = NonNullable<ReturnType<typeof parseOptions>["tokens"]>[number];

/** OLD and NEW in command-line order: positionals and --mcp/--mcp-url/--module, each one side. */
function sidesOf(tokens: readonly Token[]): CatalogSourceSpec[] {
  const sides: CatalogSourceSpec[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") sides.push({ kind: "path", path: token.value });
    else if (token.kind === "option" && token.value !== undefined) {
      const spec = sourceSpecOfToken(token.name, token.value);
      if (spec) sides.push(spec);
    }
  }
  return sides;
}

function sideLabel(side: CatalogSourceSpec): string {
  return side.kind === "path" ? side.path : side.kind === "mcp" ? `--mcp "${side.command}"` : side.kind === "mcp-url" ? side.url : side.file;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A break the version does not announce: the release is not ready. */
export function isUnannouncedBreak(result: CompatResult): boolean {
  return result.verdict === "breaking" && !result.versionBumped;
}

export async function compatVerb(argv: string[], io: Io): Promise<number> {
  const { values, tokens } = parseOptions(argv);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const sides = sidesOf(tokens ?? []);
  if (sides.length !== 2) throw new UsageError(`expected OLD and NEW (two paths or live sources), got ${sides.length}; see schemalab compat --help`);
  textOrJson(values.format);
  const dialect = dialectOption(values.dialect);
  const [oldSide, newSide] = await Promise.all(sides.map(async (side) => (side.kind === "path" ? { path: side.path } : { live: await openSources([side], values, io, dialect === undefined ? {} : { dialect }) })));
  const liveOf = (side: typeof oldSide) => ("live" in side ? side.live!.sources.flatMap((source) => source.schemas) : []);
  const labelOf = (side: CatalogSourceSpec) => (side.kind === "path" ? [] : [side.kind === "mcp" ? `--mcp ${shellWord(side.command)}` : side.kind === "mcp-url" ? `--mcp-url ${side.url}` : `--module ${side.file}`]);
  const options = {
    oldPaths: "path" in oldSide! ? [oldSide.path!] : [],
    newPaths: "path" in newSide! ? [newSide.path!] : [],
    oldSchemas: liveOf(oldSide!),
    newSchemas: liveOf(newSide!),
    oldLabels: labelOf(sides[0]!),
    newLabels: labelOf(sides[1]!),
    direction: parseDirection(values.direction),
    runs: parseCount("runs", values.runs, 1),
    seed: parseCount("seed", values.seed, -(2 ** 31)),
    dialect,
    unknownKeywords: unknownKeywordsOption(values["unknown-keywords"]),
  };
  let section: CompatSection;
  let waived: ReadonlySet<CompatResult> = new Set();
  try {
    section = await runCompat(options);
    const policy = applyCompatPolicy(section, values["ignore-file"] ? readIgnoreFile(values["ignore-file"]) : [], parseSeverities(values.severity ?? []), new Date().toISOString().slice(0, 10));
    section = policy.section;
    waived = policy.waived;
  } catch (error) {
    if (error instanceof CatalogError) throw new UsageError(error.message);
    throw error;
  }
  const text = formatCompatText(section, sideLabel(sides[0]!), sideLabel(sides[1]!));
  if (values.format === "json") {
    io.out(JSON.stringify(section) + "\n");
    io.err(formatSummary(section));
  } else {
    io.out(text);
  }
  const failOn = failOnLevels("compat", values["fail-on"], values["allow-undetermined"] ? ["breaking"] : ["breaking", "undetermined"]);
  const undetermined = failOn.has("undetermined") && section.results.some((result) => result.verdict === "undetermined");
  return (failOn.has("breaking") && section.results.some((result) => isUnannouncedBreak(result) && !waived.has(result))) || undetermined ? 1 : 0;
}

function versions(result: CompatResult): string {
  const move = `${result.oldVersion ?? "(no version)"} → ${result.newVersion ?? "(no version)"}`;
  return result.versionChange && result.versionChange !== "none" ? `${move} (${result.versionChange})` : move;
}

function headline(result: CompatResult): string {
  const where = `${result.schemaId}  ${versions(result)}  ${result.direction}`;
  if (result.verdict === "compatible") {
    const note = result.notes?.find((text) => text === "unchanged" || text.startsWith("added") || text.startsWith("removed"));
    const searched = result.cases === undefined || note ? "" : `: searched ${result.cases} value(s), none breaks`;
    return `✓ ${where}: compatible${note ? ` (${note})` : searched}`;
  }
  if (result.verdict === "undetermined") return `? ${where}: undetermined: a search could not run (${result.cases ?? 0} value(s) checked)`;
  if (result.versionBumped) {
    const bump = result.versionChange === "minor" ? "minor bump (below 1.0.0 it is the breaking one)" : result.versionChange === "major" ? "major bump" : "version change";
    return `! ${where}: breaking, announced by the ${bump}`;
  }
  const next = nextBreakingVersion(result.oldVersion);
  return `✗ ${where}: breaking without a major version bump${next ? ` (release it as ${next}, or avoid the break)` : ""}`;
}

function formatChange(change: CompatChange): string[] {
  const how =
    change.method === "search"
      ? "found by the search"
      : change.status === "unconfirmed"
        ? "structural, unconfirmed: no value built or drawn is rejected"
        : change.witnessedBy === "construction"
          ? "structural, witness built from the diff"
          : "structural, confirmed by the search";
  const lines = [
    `    ${change.status === "unconfirmed" ? "?" : "✗"} ${change.kind} at ${change.path || "(root)"}  [${how}]`,
    `        rule:      ${change.rule}`,
    `        migration: ${change.migration}`,
  ];
  if (change.counterexample) lines.push(`        counterexample: ${JSON.stringify(change.counterexample.value)}`);
  return lines;
}

function formatResult(result: CompatResult): string {
  const why = (result.undetermined ?? []).map((reason) => `    undetermined: ${reason}`);
  const notes = (result.notes ?? []).filter((note) => /^(search|left out|constructing|focus)/.test(note)).map((note) => `    note: ${note}`);
  return [headline(result), ...why, ...result.changes.flatMap(formatChange), ...notes].join("\n") + "\n";
}

export function formatSummary(section: CompatSection): string {
  const unannounced = section.results.filter(isUnannouncedBreak);
  const announced = section.results.filter((result) => result.verdict === "breaking" && result.versionBumped);
  const undetermined = section.results.filter((result) => result.verdict === "undetermined");
  const compatible = section.results.length - unannounced.length - announced.length - undetermined.length;
  const parts = [`${unannounced.length} breaking without a major bump`, `${announced.length} breaking with one`, `${undetermined.length} undetermined`, `${compatible} compatible`];
  const verdict = unannounced.length > 0 ? ": not ready to release" : undetermined.length > 0 ? ": not shown safe to release" : "";
  return `compat: ${section.results.length} check(s): ${parts.join(", ")}${verdict}\n`;
}

/** The release checklist: one line per tool and direction, each break with its rule, migration and counterexample. */
export function formatCompatText(section: CompatSection, oldLabel: string, newLabel: string): string {
  const replay = section.results.flatMap((result) => result.changes).find((change) => change.counterexample)?.counterexample?.replay;
  const legend = "✓ compatible   ✗ breaking, not announced   ! breaking, announced by a major bump   ? undetermined, or a suspicion not witnessed\n";
  return [
    `schemalab compat ${oldLabel} → ${newLabel}  (seed ${section.seed ?? DEFAULT_SEED}, ${section.runs ?? DEFAULT_RUNS} runs per search)\n`,
    legend,
    ...section.results.map(formatResult),
    formatSummary(section),
    replay ? `replay: ${replay}\n` : "",
  ].join("\n");
}
