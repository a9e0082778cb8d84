// `run --live`: probe the real providers whose keys are set in the environment. Keys go straight to
// the probe (which never writes them anywhere); a provider without a key is named and skipped.
import { DEFAULT_MODELS } from "../probe/probe-emulator.js";
import { runProbe } from "../probe/run-probe.js";
import type { Section } from "../report/model.js";
import type { ProviderId } from "../../providers/wire-types.js";
import type { Io } from "./io.js";

const KEY_VARIABLES: Readonly<Record<ProviderId, string>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GEMINI_API_KEY",
  "openai-compatible": "SCHEMALAB_API_KEY",
};

/** SCHEMALAB_MODEL_OPENAI etc. choose the model; the defaults are the emulators' model names. */
function modelFor(provider: ProviderId, env: NodeJS.ProcessEnv): string {
  return env[`SCHEMALAB_MODEL_${provider.toUpperCase().replace(/-/g, "_")}`] ?? DEFAULT_MODELS[provider];
}

export async function probeLiveProviders(
  settings: { readonly providers: readonly string[] },
  emit: (section: Section) => void,
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  for (const provider of settings.providers as ProviderId[]) {
    const apiKey = env[KEY_VARIABLES[provider]];
    const baseUrl = provider === "openai-compatible" ? env.SCHEMALAB_BASE_URL : undefined;
    // A local OpenAI-compatible server is named by its URL; without a key it is probed with no auth header.
    const ready = provider === "openai-compatible" ? Boolean(baseUrl) : Boolean(apiKey);
    if (!ready) {
      io.err(`probe: ${provider} live skipped (${provider === "openai-compatible" ? "SCHEMALAB_BASE_URL" : KEY_VARIABLES[provider]} not set)\n`);
      continue;
    }
    const model = modelFor(provider, env);
    const section = await runProbe({ provider, model, emulated: false, ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) });
    emit(section);
    io.err(`probe: ${provider} live (${model}) ${section.diffFromProfile.length} cells differ from the profile\n`);
  }
}
