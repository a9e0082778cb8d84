// `schemalab <verb>`: parses the verb, hands the rest to one file per verb.
// Exit codes: 0 ran and found nothing, 1 ran and found something (or the module under test broke),
// 2 bad usage or bad input (one line, no stack trace), 130 on SIGINT, 143 on SIGTERM.
import { badInputLine } from "./bad-input.js";
import { processIo, type Io } from "./io.js";
import { applyConfig } from "../config/config-hook.js";
import { withCiFormat } from "./ci-format-hook.js";

export type VerbRunner = (argv: string[], io: Io) => Promise<number>;

const VERBS: Record<string, { summary: string; load: () => Promise<VerbRunner> }> = {
  run: { summary: "the main job: your schemalab.config.json job, else the demo (fuzz, conformance, probes, checks)", load: async () => (await import("./run.js")).runVerb },
  fuzz: { summary: "differential fuzzing: a validator vs Ajv over declared schemas", load: async () => (await import("./fuzz.js")).fuzzVerb },
  conformance: { summary: "the official JSON-Schema-Test-Suite (every draft it has) against a validator", load: async () => (await import("./conformance.js")).conformanceVerb },
  probe: { summary: "probe a provider (or its emulator) feature by feature", load: async () => (await import("./probe.js")).probeVerb },
  check: { summary: "will these catalogs (files, folders, MCP servers) work on that provider and mode", load: async () => (await import("./check.js")).checkVerb },
  report: { summary: "merge result files, render, compare with a baseline", load: async () => (await import("./report.js")).reportVerb },
  dispatch: { summary: "dispatcher conformance over provider fixtures", load: async () => (await import("./dispatch.js")).dispatchVerb },
  compat: { summary: "breaking changes between two schema versions", load: async () => (await import("./compat.js")).compatVerb },
  bench: { summary: "benchmark lite (and any --validator) against Ajv", load: async () => (await import("./bench.js")).benchVerb },
  init: { summary: "write a starter schemalab.config.json from the catalogs and .mcp.json found here", load: async () => (await import("./init.js")).initVerb },
  emulate: { summary: "provider emulators on loopback for your own tests (faults, profiles, logs)", load: async () => (await import("./emulate.js")).emulateVerb },
  targets: { summary: "every check/probe target, its profile date and how its cells are sourced (--html: the matrix)", load: async () => (await import("./targets.js")).targetsVerb },
};

function usage(): string {
  const lines = Object.entries(VERBS).map(([verb, { summary }]) => `  ${verb.padEnd(12)} ${summary}`);
  return (
    `usage: schemalab <verb> [options]\n\nverbs:\n${lines.join("\n")}\n\n` +
    `schemalab <verb> --help for a verb's options. Settings can live in schemalab.config.json (see schemalab init).\n` +
    `check, compat and fuzz take --format sarif|github (SARIF 2.1.0, workflow annotations) besides text|json.\n` +
    `exit: 0 nothing found, 1 found something (see --fail-on), 2 bad usage or input\n`
  );
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [verb, ...rest] = argv;
  if (!verb) {
    io.err(usage());
    return 2;
  }
  if (verb === "--help" || verb === "-h" || verb === "help") {
    io.out(usage());
    return 0;
  }
  const entry = VERBS[verb];
  if (!entry) {
    io.err(`schemalab: unknown verb '${verb}'\n${usage()}`);
    return 2;
  }
  try {
    const runner = await entry.load();
    return await withCiFormat(verb, await applyConfig(verb, rest), io, runner);
  } catch (error) {
    const line = badInputLine(error);
    if (line === null) throw error;
    io.err(`schemalab ${verb}: ${line}\n`);
    return 2;
  }
}
