// `schemalab emulate --provider P|all [--port N] [--profile FILE... | --matrix FILE...] [--fault SPEC...]
// [--seed S] [--log FILE] [--format text|json]`: provider emulators on loopback for an application's own
// tests, serving until SIGINT or SIGTERM (exit 130 / 143 after closing cleanly).
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { FAULT_KINDS, FaultSpecError } from "../../providers/emulator/emulator-fault-spec.js";
import { EMULATED_PROVIDERS, launchEmulators, type EmulatorLogRecord, type RunningEmulators } from "../../providers/emulator/emulator-launch.js";
import { EmulatorConfigError } from "../../providers/emulator/schema-rules/emulator-profile-policy.js";
import type { SdkUrls } from "../../providers/emulator/emulator-types.js";
import { ProfileError } from "../../providers/profiles/load-profiles.js";
import type { ProviderId } from "../../providers/wire/wire-types.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs, textOrJson } from "./verb-options.js";

const HELP = `usage: schemalab emulate --provider P|all [options]

  --provider P|all        ${EMULATED_PROVIDERS.join(" | ")} | all (each on its own port, in that order)
  --port N                the first provider's port (the next take N+1...); default: free ports
  --profile FILE...       behave as this profile (providers/profile.schema.json) for the provider it names
  --matrix FILE...        behave as measured: a matrix written by \`schemalab probe --out\`
  --fault SPEC...         [PROVIDER/]KIND[:ARG][@WHEN]; KIND: ${FAULT_KINDS.join(", ")}
                          ARG: 429's Retry-After seconds (429:2), slow's delay (slow:200ms)
                          WHEN: N (the Nth request), N-M, N+, P% (seeded chance); none: every request
                          PROVIDER/: only that provider's server (anthropic/529@1); none: each provider
  --seed S                ids and P% draws (default 1): the same seed replays the same run
  --log FILE              append one JSON line per request (outcome, status, faults, request id...)
  --format text|json      json: one line {"urls":{...}} on stdout, for a test to read

Prints each base URL as each SDK takes it, then serves until SIGINT or SIGTERM.
Keys: any non-empty key is accepted (openai-compatible needs none). Exit 2: bad usage or input.
`;

const OPTIONS = {
  provider: { type: "string" },
  port: { type: "string" },
  profile: { type: "string", multiple: true },
  matrix: { type: "string", multiple: true },
  fault: { type: "string", multiple: true },
  seed: { type: "string" },
  log: { type: "string" },
  format: { type: "string", default: "text" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** What ends the serving: a signal name. Tests pass their own. */
export type StopSignal = Promise<"SIGINT" | "SIGTERM">;

const EXIT_ON: Readonly<Record<"SIGINT" | "SIGTERM", number>> = { SIGINT: 130, SIGTERM: 143 };

export async function emulateVerb(argv: string[], io: Io, stop: StopSignal = processSignal()): Promise<number> {
  const { values } = parseVerbArgs({ args: argv, options: OPTIONS, allowPositionals: false });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const format = textOrJson(values.format);
  const provider = providerOption(values.provider);
  const log = values.log === undefined ? undefined : openLog(values.log);
  let running: RunningEmulators;
  try {
    running = await launchEmulators({
      provider,
      ...(values.port === undefined ? {} : { port: integer("port", values.port, 1, 65535) }),
      ...(values.seed === undefined ? {} : { seed: integer("seed", values.seed, 0, 2 ** 32 - 1) }),
      profiles: values.profile ?? [],
      matrices: values.matrix ?? [],
      faults: values.fault ?? [],
      ...(log === undefined ? {} : { onRequest: (record: EmulatorLogRecord) => void writeSync(log, `${JSON.stringify(record)}\n`) }),
    });
  } catch (error) {
    if (log !== undefined) closeSync(log);
    throw asUsageError(error);
  }
  io.out(format === "json" ? `${JSON.stringify({ urls: running.urls })}\n` : urlText(running.urls));
  const signal = await stop;
  await running.close();
  if (log !== undefined) closeSync(log);
  if (format === "text") io.err(`schemalab emulate: ${signal}, servers closed\n`);
  return EXIT_ON[signal];
}

function providerOption(value: string | undefined): ProviderId | "all" {
  if (value === undefined) throw new UsageError(`--provider is required (${EMULATED_PROVIDERS.join(", ")} or all)`);
  if (value === "all" || (EMULATED_PROVIDERS as readonly string[]).includes(value)) return value as ProviderId | "all";
  throw new UsageError(`--provider: unknown provider '${value}'; known: ${EMULATED_PROVIDERS.join(", ")}, all`);
}

function integer(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`--${name}: expected an integer from ${min} to ${max}, got '${text}'`);
  return value;
}

function openLog(file: string): number {
  try {
    mkdirSync(dirname(file), { recursive: true });
    return openSync(file, "a");
  } catch (error) {
    throw new UsageError(`--log ${file}: ${(error as Error).message}`);
  }
}

function asUsageError(error: unknown): unknown {
  if (error instanceof FaultSpecError) return new UsageError(`--${error.message}`);
  if (error instanceof ProfileError || error instanceof EmulatorConfigError) return new UsageError(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE" || code === "EACCES") return new UsageError(`--port: ${(error as Error).message}`);
  return error;
}

const SDK_NAMES: Readonly<Record<ProviderId, [string, string]>> = {
  openai: ["openai: new OpenAI({ baseURL })", "@ai-sdk/openai: createOpenAI({ baseURL })"],
  anthropic: ["@anthropic-ai/sdk: new Anthropic({ baseURL })", "@ai-sdk/anthropic: createAnthropic({ baseURL })"],
  google: ["@google/genai: new GoogleGenAI({ httpOptions: { baseUrl } })", "@ai-sdk/google: createGoogleGenerativeAI({ baseURL })"],
  "openai-compatible": ["openai: new OpenAI({ baseURL })", "@ai-sdk/openai-compatible: createOpenAICompatible({ baseURL })"],
  azure: ["openai: new OpenAI({ baseURL }) or AzureOpenAI({ endpoint })", "@ai-sdk/azure: createAzure({ baseURL })"],
  bedrock: ["@aws-sdk/client-bedrock-runtime: new BedrockRuntimeClient({ endpoint })", "@ai-sdk/amazon-bedrock: createAmazonBedrock({ baseURL })"],
};

function urlText(urls: Readonly<Partial<Record<ProviderId, SdkUrls>>>): string {
  const lines = Object.entries(urls).flatMap(([provider, url]) => {
    const [sdk, aiSdk] = SDK_NAMES[provider as ProviderId];
    return [`${provider}`, `  ${sdk.padEnd(64)} ${url.sdk}`, `  ${aiSdk.padEnd(64)} ${url.aiSdk}`];
  });
  return `${lines.join("\n")}\nserving; SIGINT or SIGTERM to stop\n`;
}

function processSignal(): StopSignal {
  return new Promise((resolve) => {
    const on = (signal: "SIGINT" | "SIGTERM") => () => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(signal);
    };
    const onInt = on("SIGINT");
    const onTerm = on("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
  });
}
