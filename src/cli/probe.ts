// `schemalab probe --provider ID [--emulator] [--base-url URL] [--model M] [--mode MODE...] [--features ID...]
// [--samples N] [--concurrency N] [--max-requests N] [--record DIR | --replay DIR] [--format text|json] [--out FILE]`
// Exit 1 when the measured matrix contradicts the documented profile or a cell ended in error.
import { BEDROCK_MODES, bedrockAuthFromEnv } from "../../providers/bedrock/build-bedrock-request.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import { API_KEY_ENV, buildProviderRequest, isProviderId, PROVIDER_IDS } from "../../providers/wire/wire-adapters.js";
import type { ProviderId } from "../../providers/wire/wire-types.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { ANTHROPIC_MODES } from "../../providers/anthropic/build-anthropic-messages-request.js";
import { GEMINI_MODES } from "../../providers/google/build-gemini-request.js";
import { AZURE_MODES, AZURE_TOKEN_ENV } from "../../providers/azure/build-azure-request.js";
import { OPENAI_COMPATIBLE_MODES } from "../../providers/openai-compatible/build-openai-compatible-request.js";
import { VERTEX_MODES, vertexBaseUrlFromEnv } from "../../providers/vertex/build-vertex-request.js";
import { OPENAI_CHAT_MODES } from "../../providers/openai/build-openai-chat-request.js";
import { OPENAI_RESPONSES_MODES } from "../../providers/openai/build-openai-responses-request.js";
import { pairLines } from "../probe/pairs/pair-text.js";
import { catalogLines } from "../probe/catalog/catalog-text.js";
import { formatPlan, planProbe } from "../probe/probe-plan.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import { CatalogError } from "../schema/catalog-error.js";
import type { DeclaredSchema } from "../schema/types.js";
import { DEFAULT_MODELS, probeEmulator } from "../probe/probe-emulator.js";
import { redactSecret } from "../probe/redact-secret.js";
import { runProbe, type ProbeRunSection, type RunProbeOptions } from "../probe/run-probe.js";
import { isFeatureId } from "../schema/features.js";
import { checkInputFolder, checkInputPath, checkOutputFolder } from "./check-paths.js";
import type { Io } from "./io.js";
import { isLoopbackHost } from "./loopback-host.js";
import { UsageError } from "./usage-error.js";
import { failOnLevels } from "./fail-on.js";
import { parseVerbArgs, textOrJson } from "./verb-options.js";
import { formatProbeProfileCounts, probeProfileCounts } from "../report/probe-profile-counts.js";
import type { ProfileCellDiff } from "../report/model.js";

const HELP = `usage: schemalab probe --provider ID [options]

  --provider ID           ${PROVIDER_IDS.join(" | ")} | openai-compatible/vllm|llamacpp|ollama (a sub-profile: planned and diffed against it)
  --emulator              probe the provider's emulator on loopback (documented profile); reports say EMULATED
  --base-url URL          API root as SDKs take it (openai-compatible: http://127.0.0.1:8000/v1; /chat/completions is appended)
                          bedrock: the origin (default https://bedrock-runtime.{AWS_REGION, else us-east-1}.amazonaws.com); key
                          AWS_BEARER_TOKEN_BEDROCK, else SigV4 from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY[/AWS_SESSION_TOKEN]
  --model M               model to probe (default per provider; required for a live openai-compatible server)
  --mode MODE...          modes to probe (default: every mode of the documented profile); all: every mode the wire adapter sends
  --features ID...        feature ids to probe (default: all)
  --catalog PATH...       probe these tools (any catalog check reads) as check sends them: every constraint site broken,
                          check's prediction beside what was measured; the budget is split across tools
  --plan                  print the requests each mode will need and the price estimate (live providers only); send nothing
  --pairs                 also probe keyword pairs on one value (minLength+pattern...): pair cells in the matrix, read by check
  --pairs-only            probe the keyword pairs only (no single features, no limits)
  --samples N             samples per accepted probe (default 1)
  --concurrency N         requests in flight (default 4)
  --max-requests N        request budget, retries included (default 300); unprobed features end as error "budget"
  --record DIR            write cassettes (keys redacted)      --replay DIR   answer from cassettes, no network
  --stream                probe with streamed answers
  --timeout MS            per request, headers and body (default 60000)
  --deadline MS           the whole probe: past it nothing more is sent; unfinished cells are error "not finished: deadline"
  --max-response-bytes N  body bound per response, counted after decompression (default 16777216); past it the cell is error
  --format text|json      json: one probe section on stdout
  --out FILE              write the measured matrix (profile shape, with measuredAt); check --matrix reads it
  --allow-insecure-http   send the key over plain http:// to a host that is not loopback (refused by default)

Keys come from the environment: ${PROVIDER_IDS.map((id) => `${id}: ${API_KEY_ENV[id]}`).join(", ")}.
With --base-url and no key set, requests carry no auth header (keyless local servers).
--fail-on LEVELS        contradiction,error (default): what exits 1
Exit 0: the matrix agrees with the documented profile; 1: it contradicts it or a cell ended in error; 2: bad usage.
`;

const WIRE_MODES: Readonly<Record<ProviderId, readonly string[]>> = {
  openai: [...OPENAI_CHAT_MODES, ...OPENAI_RESPONSES_MODES],
  anthropic: ANTHROPIC_MODES,
  google: GEMINI_MODES,
  "openai-compatible": OPENAI_COMPATIBLE_MODES,
  azure: AZURE_MODES,
  bedrock: BEDROCK_MODES,
  vertex: VERTEX_MODES,
};

const OPTIONS = {
  provider: { type: "string" },
  emulator: { type: "boolean", default: false },
  "base-url": { type: "string" },
  model: { type: "string" },
  mode: { type: "string", multiple: true },
  features: { type: "string", multiple: true },
  catalog: { type: "string", multiple: true },
  plan: { type: "boolean", default: false },
  pairs: { type: "boolean", default: false },
  "pairs-only": { type: "boolean", default: false },
  samples: { type: "string" },
  concurrency: { type: "string" },
  "max-requests": { type: "string" },
  record: { type: "string" },
  replay: { type: "string" },
  stream: { type: "boolean", default: false },
  timeout: { type: "string" },
  deadline: { type: "string" },
  "max-response-bytes": { type: "string" },
  format: { type: "string", default: "text" },
  out: { type: "string" },
  "allow-insecure-http": { type: "boolean", default: false },
  "fail-on": { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

type Values = ReturnType<typeof parseOptions>;

function parseOptions(argv: string[]) {
  return parseVerbArgs({ args: spreadListFlags(argv), options: OPTIONS, strict: true, allowPositionals: false }).values;
}

const LIST_FLAGS = ["--mode", "--features", "--catalog"];

/** `--mode a b` and `--mode a,b` both mean `--mode a --mode b` (the usage line writes MODE...). */
function spreadListFlags(argv: readonly string[]): string[] {
  const out: string[] = [];
  let list: string | null = null;
  for (const arg of argv) {
    if (arg.startsWith("-")) list = LIST_FLAGS.includes(arg) ? arg : null;
    else if (list !== null) {
      for (const item of (list === "--catalog" ? [arg] : arg.split(",")).filter((part) => part !== "")) out.push(list, item);
      continue;
    }
    if (!LIST_FLAGS.includes(arg)) out.push(arg);
  }
  return out;
}

function positiveInteger(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${flag}: expected a positive integer, got '${text}'`);
  return value;
}

/** The wire provider, and the documented profile to plan and diff with (a sub-profile such as `openai-compatible/vllm`). */
interface Target {
  readonly provider: ProviderId;
  readonly profile?: ProviderProfile;
}

function targetOf(values: Values): Target {
  if (values.provider === undefined) throw new UsageError(`--provider is required (${PROVIDER_IDS.join(", ")})`);
  if (isProviderId(values.provider)) return { provider: values.provider };
  const [base] = values.provider.split("/");
  const profile = loadProfiles().find((known) => known.provider === values.provider);
  if (base === undefined || !isProviderId(base) || profile === undefined) {
    const known = [...PROVIDER_IDS, ...loadProfiles().map((known) => known.provider).filter((id) => id.includes("/"))];
    throw new UsageError(`--provider: unknown provider '${values.provider}' (known: ${known.join(", ")})`);
  }
  return { provider: base, profile };
}

/** `--mode all`: every mode the wire adapter can send, the documented ones first. */
function expandModes(target: Target, modes: readonly string[] | undefined): readonly string[] | undefined {
  if (modes === undefined || !modes.includes("all")) return modes;
  const documented = (target.profile ?? loadProfiles().find((profile) => profile.provider === target.provider))?.modes.map((mode) => mode.mode) ?? [];
  return [...new Set([...documented, ...WIRE_MODES[target.provider]])];
}

function checkModes(provider: ProviderId, modes: readonly string[] | undefined): void {
  for (const mode of modes ?? []) {
    try {
      buildProviderRequest(provider, { model: "m", prompt: "", schema: {}, mode });
    } catch (error) {
      const documented = loadProfiles().find((profile) => profile.provider === provider)?.modes.map((known) => known.mode) ?? [];
      throw new UsageError(`--mode: ${(error as Error).message}; documented modes: ${documented.join(", ")}`);
    }
  }
}

function checkFeatures(features: readonly string[] | undefined): void {
  const unknown = (features ?? []).filter((feature) => !isFeatureId(feature));
  if (unknown.length > 0) throw new UsageError(`--features: not feature ids of the taxonomy: ${unknown.join(", ")}`);
}

/**
 * A live probe needs the key from the environment; the emulator and a replay do not, and neither does
 * a server named by --base-url (a keyless local server): without a key, no auth header is sent.
 */
function apiKeyFor(provider: ProviderId, live: boolean, baseUrl: string | undefined): string | undefined {
  if (!live) return undefined;
  // Bedrock also signs with SigV4 credentials (bedrockWireOptions) when no Bedrock API key is set.
  if (provider === "bedrock" && bedrockAuthFromEnv(process.env).awsCredentials !== undefined) return undefined;
  const name = API_KEY_ENV[provider];
  // Azure takes a Microsoft Entra token instead of a key: it goes as Bearer (build-azure-request.ts).
  const key = process.env[name] || (provider === "azure" ? process.env[AZURE_TOKEN_ENV] : undefined);
  if (key === undefined || key === "") {
    if (baseUrl !== undefined) return undefined;
    throw new UsageError(`a live probe of ${provider} needs its key in ${name}; or use --base-url URL (no key: no auth header), --emulator or --replay DIR`);
  }
  return key;
}

/** Bedrock's region (AWS_REGION) and, without an API key, its SigV4 credentials from the environment. */
function bedrockWireOptions(apiKey: string | undefined): Record<string, unknown> {
  const { awsCredentials, region } = bedrockAuthFromEnv(process.env);
  return { ...(region === undefined ? {} : { region }), ...(apiKey === undefined && awsCredentials !== undefined ? { awsCredentials } : {}) };
}

function probeOptions(values: Values): Omit<RunProbeOptions, "provider" | "model"> & { model?: string } {
  const numbers = {
    samples: positiveInteger("samples", values.samples),
    concurrency: positiveInteger("concurrency", values.concurrency),
    maxRequests: positiveInteger("max-requests", values["max-requests"]),
    timeoutMs: positiveInteger("timeout", values.timeout),
    deadlineMs: positiveInteger("deadline", values.deadline),
    maxResponseBytes: positiveInteger("max-response-bytes", values["max-response-bytes"]),
  };
  return {
    ...Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== undefined)),
    ...(values.model === undefined ? {} : { model: values.model }),
    ...(values.mode === undefined ? {} : { modes: values.mode }),
    ...(values.features === undefined ? {} : { features: values.features }),
    ...(values.record === undefined ? {} : { record: values.record }),
    ...(values.replay === undefined ? {} : { replay: values.replay }),
    ...(values["pairs-only"] ? { pairs: "only" as const } : values.pairs ? { pairs: "also" as const } : {}),
    stream: values.stream,
  };
}

function validate(values: Values, provider: ProviderId): void {
  textOrJson(values.format);
  if (values.record !== undefined && values.replay !== undefined) throw new UsageError("--record and --replay exclude each other");
  if (values.emulator && values["base-url"] !== undefined) throw new UsageError("--emulator and --base-url exclude each other: the emulator picks its own loopback URL");
  const live = !values.emulator && values.replay === undefined;
  if (live && provider === "openai-compatible" && values["base-url"] === undefined) throw new UsageError("a live openai-compatible probe needs --base-url (e.g. http://127.0.0.1:8000/v1)");
  if (live && provider === "openai-compatible" && values.model === undefined) throw new UsageError("a live openai-compatible probe needs --model (the name the server serves)");
  if (live && provider === "azure" && values["base-url"] === undefined) throw new UsageError("a live azure probe needs --base-url (https://RESOURCE.openai.azure.com/openai/v1, or .../openai?api-version=2024-10-21 for deployments)");
  if (live && provider === "azure" && values.model === undefined) throw new UsageError("a live azure probe needs --model (the deployment name)");
  checkModes(provider, values.mode);
  checkFeatures(values.features);
  if (values.replay !== undefined) checkInputFolder("--replay", values.replay);
  if (values.record !== undefined) checkOutputFolder("--record", values.record);
  if (values.out !== undefined) checkOutputFolder("--out", dirname(values.out));
}

/** A key sent in clear text to another machine can be read on the way: refused unless asked for. */
function checkTransport(baseUrl: string | undefined, apiKey: string | undefined, allowed: boolean): void {
  if (baseUrl === undefined || apiKey === undefined || allowed) return;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url ${baseUrl}: not a URL`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`--base-url ${baseUrl}: refusing to send the API key over plain HTTP to ${url.hostname} (not loopback); use https:// or pass --allow-insecure-http`);
  }
}

export async function probeVerb(argv: string[], io: Io): Promise<number> {
  const values = parseOptions(argv);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const target = targetOf(values);
  const provider = target.provider;
  values.mode = expandModes(target, values.mode) as string[] | undefined;
  validate(values, provider);
  const live = !values.emulator && values.replay === undefined;
  if (values.plan) {
    const { model: planModel, ...planRest } = probeOptions(values);
    const catalog = values.catalog === undefined ? undefined : await readCatalog(values.catalog);
    const planned = { ...planRest, ...(target.profile === undefined ? {} : { profile: target.profile }), ...(catalog === undefined ? {} : { catalog }) };
    io.out(formatPlan(planProbe({ ...planned, provider, model: planModel ?? DEFAULT_MODELS[provider], live })));
    return 0;
  }
  const apiKey = apiKeyFor(provider, live, values["base-url"]);
  if (live) checkTransport(values["base-url"], apiKey, values["allow-insecure-http"]);
  const { model, ...rest } = probeOptions(values);
  // SIGINT/SIGTERM stop the probe: nothing more is sent, what is in flight is aborted, and the partial
  // matrix and records are written below (marked incomplete), as `run` does.
  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!interrupt.signal.aborted) io.err(`schemalab probe: ${signal}: stopping; writing what was measured (marked incomplete)\n`);
    interrupt.abort(signal);
  };
  process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
  const catalog = values.catalog === undefined ? undefined : await readCatalog(values.catalog);
  const options = { ...(target.profile === undefined ? rest : { ...rest, profile: target.profile }), ...(catalog === undefined ? {} : { catalog }), stop: interrupt.signal };
  try {
    return await probeAndWrite(values, target, provider, model, options, apiKey, io);
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
}

async function probeAndWrite(
  values: Values,
  target: Target,
  provider: ProviderId,
  model: string | undefined,
  options: Omit<RunProbeOptions, "provider" | "model">,
  apiKey: string | undefined,
  io: Io,
): Promise<number> {
  const section = values.emulator
    ? await probeEmulator(provider, { ...options, ...(model === undefined ? {} : { model }), ...(target.profile === undefined ? {} : { emulatorProfile: target.profile }) })
    : await runProbe({
        ...options,
        provider,
        model: model ?? DEFAULT_MODELS[provider],
        // Vertex without --base-url: GOOGLE_CLOUD_PROJECT/GOOGLE_CLOUD_LOCATION's endpoint, else express mode.
        ...(values["base-url"] !== undefined ? { baseUrl: values["base-url"] } : provider === "vertex" ? { baseUrl: vertexBaseUrlFromEnv(process.env) } : {}),
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(provider === "bedrock" ? { wireOptions: bedrockWireOptions(apiKey) } : {}),
      });
  if (values.out !== undefined) {
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(values.out, redactSecret(`${JSON.stringify(section.matrix, null, 2)}\n`, apiKey));
  }
  const text = redactSecret(formatProbeText(section), apiKey);
  if (values.format === "json") {
    io.out(redactSecret(`${JSON.stringify(section, null, 2)}\n`, apiKey));
    io.err(text);
  } else io.out(text);
  if (section.incomplete === "SIGINT") return 130;
  if (section.incomplete === "SIGTERM") return 143;
  return foundSomething(section, failOnLevels("probe", values["fail-on"], ["contradiction", "error"])) ? 1 : 0;
}

function foundSomething(section: ProbeRunSection, failOn: ReadonlySet<string>): boolean {
  // A catalog tool whose measured verdict differs from check's prediction contradicts what was documented.
  const catalogDiffers = (section.catalog ?? []).some((result) => result.differences.length > 0);
  return (failOn.has("contradiction") && (catalogDiffers || section.diffFromProfile.length > 0)) || (failOn.has("error") && section.modes.some((mode) => Object.values(mode.features).some((cell) => cell.status === "error")));
}

/** Catalog files as check reads them; a bad one is bad input, named (exit 2). */
async function readCatalog(paths: readonly string[]): Promise<DeclaredSchema[]> {
  for (const path of paths) checkInputPath("--catalog", path);
  try {
    const declared = await loadCatalogs(paths);
    if (declared.length === 0) throw new UsageError(`--catalog ${paths.join(" ")}: no schemas found there`);
    return declared;
  } catch (error) {
    if (error instanceof CatalogError) throw new UsageError(error.message);
    throw error;
  }
}

export function formatProbeText(section: ProbeRunSection): string {
  const label = section.emulated ? " (EMULATED: a loopback emulator of the documented profile, not the real provider)" : "";
  const cost = section.records.reduce((sum, record) => sum + (record.costUsd ?? 0), 0);
  // Nothing is billed by an emulator or a replay: no cost is printed for them.
  const billed = !section.emulated && section.settings.source !== "replay";
  const lines = [
    `schemalab probe: ${section.provider}${label}`,
    ...(section.incomplete === undefined ? [] : [`INCOMPLETE: stopped early (${section.incomplete}); unfinished cells are errors`]),
    `model ${section.model} · measured ${section.measuredAt} · ${section.settings.requestsSent} requests · ${(section.settings.wallTimeMs / 1000).toFixed(1)} s${billed ? ` · est. cost $${cost.toFixed(4)}` : ""}`,
    `profile: ${formatProbeProfileCounts(probeProfileCounts(section))}`,
  ];
  for (const mode of section.modes) {
    const counts = new Map<string, number>();
    for (const cell of Object.values(mode.features)) counts.set(cell.status, (counts.get(cell.status) ?? 0) + 1);
    if (Object.keys(mode.features).length > 0) lines.push(`  ${mode.mode}: ${[...counts].map(([status, count]) => `${count} ${status}`).join(" · ")}`);
    const inMode = (entry: ProfileCellDiff): boolean => entry.mode === mode.mode;
    const contradictions = section.diffFromProfile.filter(inMode);
    const gaps = section.measuredWhereUnknown.filter(inMode);
    if (contradictions.length > 0) lines.push(`    contradicts the profile: ${contradictions.map((entry) => `${entry.feature} ${entry.documented}→${entry.measured}`).join(", ")}`);
    if (gaps.length > 0) lines.push(`    new (profile says unknown): ${gaps.map((entry) => `${entry.feature} ${entry.measured}`).join(", ")}`);
    for (const [feature, cell] of Object.entries(mode.features)) {
      if (cell.status === "error") lines.push(`    error ${feature}: ${(cell.evidence as { summary?: string }).summary ?? ""}`.slice(0, 240));
    }
    lines.push(...pairLines(mode.pairs));
  }
  lines.push(...catalogLines(section.catalog));
  return `${lines.join("\n")}\n`;
}
