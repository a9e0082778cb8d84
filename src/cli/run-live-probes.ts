// `run --live`: probe the real providers whose keys are set in the environment. Keys go straight to
// the probe (which never writes them anywhere); a provider without a key is named and skipped.
import { DEFAULT_MODELS } from "../probe/probe-emulator.js";
import { runProbe } from "../probe/run-probe.js";
import type { Section } from "../report/model.js";
import type { ProviderId } from "../../providers/wire/wire-types.js";
import type { Io } from "./io.js";
import { isLoopbackHost } from "./loopback-host.js";
import { redactSecret } from "../probe/redact-secret.js";
import { vertexBaseUrlFromEnv } from "../../providers/vertex/build-vertex-request.js";
import { formatProbeProfileCounts, probeProfileCounts } from "../report/probe-profile-counts.js";

const KEY_VARIABLES: Readonly<Record<ProviderId, string>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GEMINI_API_KEY",
  "openai-compatible": "SCHEMALAB_API_KEY",
  azure: "AZURE_OPENAI_API_KEY",
  bedrock: "AWS_BEARER_TOKEN_BEDROCK",
  vertex: "VERTEX_ACCESS_TOKEN",
};

/** SCHEMALAB_MODEL_OPENAI etc. choose the model; the defaults are the emulators' model names. */
function modelFor(provider: ProviderId, env: NodeJS.ProcessEnv): string {
  return env[`SCHEMALAB_MODEL_${provider.toUpperCase().replace(/-/g, "_")}`] ?? DEFAULT_MODELS[provider];
}

function isPlainHttpElsewhere(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.protocol === "http:" && !isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

export async function probeLiveProviders(
  settings: { readonly providers: readonly string[] },
  emit: (section: Section) => void,
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  for (const provider of settings.providers as ProviderId[]) {
    const apiKey = env[KEY_VARIABLES[provider]];
    const baseUrl = provider === "openai-compatible" ? env.SCHEMALAB_BASE_URL : provider === "azure" ? env.AZURE_OPENAI_BASE_URL : provider === "vertex" ? vertexBaseUrlFromEnv(env) : undefined;
    // A local OpenAI-compatible server is named by its URL; without a key it is probed with no auth header.
    const ready = provider === "openai-compatible" ? Boolean(baseUrl) : provider === "azure" ? Boolean(apiKey && baseUrl) : Boolean(apiKey);
    if (!ready) {
      io.err(`probe: ${provider} live skipped (${provider === "openai-compatible" ? "SCHEMALAB_BASE_URL" : provider === "azure" ? "AZURE_OPENAI_API_KEY and AZURE_OPENAI_BASE_URL" : KEY_VARIABLES[provider]} not set)\n`);
      continue;
    }
    // Without a key (a keyless local server) nothing secret travels, so plain HTTP is allowed.
    if (apiKey && baseUrl !== undefined && isPlainHttpElsewhere(baseUrl)) {
      io.err(`probe: ${provider} live skipped (SCHEMALAB_BASE_URL ${baseUrl} is plain http:// to a host that is not loopback; the key would travel in clear text)\n`);
      continue;
    }
    const model = modelFor(provider, env);
    const section = await runProbe({ provider, model, emulated: false, ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) });
    // Provider errors may echo the key, masked or not: what reaches the results file is scrubbed.
    emit(JSON.parse(redactSecret(JSON.stringify(section), apiKey)) as typeof section);
    io.err(`probe: ${provider} live (${model}) ${formatProbeProfileCounts(probeProfileCounts(section))}\n`);
  }
}
