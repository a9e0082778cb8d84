// `schemalab dispatch [--dispatcher PATH] [--suite DIR] [--timeout MS] [--format text|json]`
// Dispatcher conformance over suites/dispatch (every wire format, streamed and not). Exit 1 when a
// property fails. The dispatcher module contract is documented in src/harness/dispatcher-module.ts.
import { DispatchFixtureError } from "../harness/dispatch-fixture.js";
import { DispatcherLoadError } from "../harness/dispatcher-module.js";
import { dispatchConformance } from "../api/dispatch-conformance.js";
import type { DispatchSection } from "../report/model.js";
import { CatalogError } from "../schema/index.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs, textOrJson } from "./verb-options.js";

const HELP = `usage: schemalab dispatch [options]

  --dispatcher PATH   dispatcher module to test (default: the reference dispatcher); its default export is
                      { name, dispatch({ provider, response | chunks, tools }) => Promise<toolResults[]> }
  --suite DIR         dispatch fixtures (default suites/dispatch)
  --timeout MS        how long one dispatch call may take (default 10000); a module file runs in a worker
                      that is stopped past it, so even a synchronous loop ends
  --heap-mb N         heap cap of the dispatcher's worker in MB (default 512)
  --max-lost N        hangs or crashes of its worker before the dispatcher is declared broken (default 8)
  --format text|json  json: one DispatchSection document on stdout
`;

const OPTIONS = {
  dispatcher: { type: "string" },
  suite: { type: "string" },
  timeout: { type: "string" },
  "heap-mb": { type: "string" },
  "max-lost": { type: "string" },
  format: { type: "string", default: "text" },
  help: { type: "boolean", short: "h", default: false },
} as const;

function parseOptions(argv: string[]) {
  return parseVerbArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
}

function timeoutOf(text: string | undefined, name = "--timeout"): number | undefined {
  if (text === undefined) return undefined;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms <= 0) throw new UsageError(`${name}: expected a positive whole number, got '${text}'`);
  return ms;
}

export async function dispatchVerb(argv: string[], io: Io): Promise<number> {
  const values = parseOptions(argv);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  textOrJson(values.format);
  const timeoutMs = timeoutOf(values.timeout);
  const heapMb = timeoutOf(values["heap-mb"], "--heap-mb");
  const maxLostWorkers = timeoutOf(values["max-lost"], "--max-lost");
  let section: DispatchSection;
  try {
    section = await dispatchConformance({
      ...(values.dispatcher === undefined ? {} : { dispatcherPath: values.dispatcher }),
      ...(values.suite === undefined ? {} : { suiteDir: values.suite }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(heapMb === undefined ? {} : { heapMb }),
      ...(maxLostWorkers === undefined ? {} : { maxLostWorkers }),
    });
  } catch (error) {
    if (error instanceof DispatcherLoadError || error instanceof DispatchFixtureError || error instanceof CatalogError) throw new UsageError(error.message);
    throw error;
  }
  if (values.format === "json") {
    io.out(JSON.stringify(section) + "\n");
    io.err(summaryLine(section));
  } else {
    io.out(dispatchText(section));
  }
  if (section.broken) io.err(`BROKEN: ${section.dispatcher}: ${section.broken}\n`);
  return section.broken || section.totals.failed > 0 ? 1 : 0;
}

function summaryLine(section: DispatchSection): string {
  return `dispatch: ${section.dispatcher}: ${section.totals.passed} passed, ${section.totals.failed} failed\n`;
}

/** Per wire format: passed and failed counts, then every failure with the property it broke. */
function dispatchText(section: DispatchSection): string {
  const providers = [...new Set(section.cases.map((entry) => entry.provider))];
  const lines = providers.map((provider) => {
    const cases = section.cases.filter((entry) => entry.provider === provider);
    const failed = cases.filter((entry) => !entry.passed).length;
    return `  ${provider.padEnd(18)} ${cases.length - failed} passed  ${failed} failed`;
  });
  const failures = section.cases.filter((entry) => !entry.passed).map((entry) => `  FAIL ${entry.provider} ${entry.fixture} ${entry.property}: ${entry.detail}`);
  return [summaryLine(section).trimEnd(), ...lines, ...(failures.length > 0 ? ["", ...failures] : []), ""].join("\n");
}
