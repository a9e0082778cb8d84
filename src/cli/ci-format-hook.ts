// `check|compat|fuzz --format sarif|github`: the verb runs with --format json into a buffer, and
// its section is rendered as SARIF or workflow annotations (located in the catalogs it read). One
// hook in main, so the verbs keep one JSON writer each.
import type { ResultsDocument, Section } from "../report/model.js";
import { createRunHeader } from "../report/results-writer.js";
import type { Io } from "./io.js";
import { EXTRA_FORMATS, renderExtraFormat, type ExtraFormat } from "./report-formats.js";

const VERBS = new Set(["check", "compat", "fuzz"]);

function formatAsked(argv: readonly string[]): { format: ExtraFormat; argv: string[] } | undefined {
  const out = [...argv];
  for (let i = 0; i < out.length; i++) {
    const inline = out[i]!.startsWith("--format=") ? out[i]!.slice("--format=".length) : undefined;
    const value = inline ?? (out[i] === "--format" ? out[i + 1] : undefined);
    if (value === undefined || !EXTRA_FORMATS.includes(value as ExtraFormat)) continue;
    if (inline !== undefined) out[i] = "--format=json";
    else out[i + 1] = "json";
    return { format: value as ExtraFormat, argv: out };
  }
  return undefined;
}

/** Catalog paths the verb was given (compat: its two positionals; fuzz: --schemas and positionals). */
function catalogArgs(verb: string, argv: readonly string[]): string[] {
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--catalog" || arg === "--schemas") paths.push(argv[++i]!);
    else if (arg.startsWith("--catalog=") || arg.startsWith("--schemas=")) paths.push(arg.slice(arg.indexOf("=") + 1));
    else if (arg.startsWith("--")) {
      if (!arg.includes("=") && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) i++;
    } else if (verb !== "check") paths.push(arg);
  }
  return paths;
}

export async function withCiFormat(verb: string, argv: readonly string[], io: Io, run: (argv: string[], io: Io) => Promise<number>): Promise<number> {
  const asked = VERBS.has(verb) ? formatAsked(argv) : undefined;
  if (!asked) return run([...argv], io);
  let json = "";
  const buffered: Io = { out: (text) => void (json += text), err: (text) => io.err(text), isTTY: false };
  const code = await run(asked.argv, buffered);
  if (json.trim() === "") return code;
  const section = JSON.parse(json) as Section;
  const document: ResultsDocument = { header: createRunHeader({ argv: [verb, ...argv] }), sections: [section], footer: { kind: "footer", finishedAt: new Date().toISOString(), complete: true } };
  // compat reads the new version second: its locations are in NEW.
  const catalogs = catalogArgs(verb, asked.argv);
  io.out(await renderExtraFormat(document, asked.format, verb === "compat" ? catalogs.slice(-1) : catalogs));
  return code;
}
