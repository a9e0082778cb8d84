// The package's entry: every verb from code (src/api), and the provider emulators.
// Public types: `schemalab/types`; arbitraries: `schemalab/arbitraries`; the rules: docs/api.md.
export * from "./api/index.js";
import { launchEmulators, type LaunchOptions, type RunningEmulators } from "../providers/emulator/emulator-launch.js";

export type { EmulatorLogRecord, LaunchOptions as StartEmulatorOptions, RunningEmulators } from "../providers/emulator/emulator-launch.js";
export type { FaultSpec, RecordedRequest, SdkUrls } from "../providers/emulator/emulator-types.js";
export type { ProviderProfile } from "../providers/profiles/profile-types.js";
export type { ProviderId } from "../providers/wire/wire-types.js";

/**
 * Starts provider emulators on loopback: wire-faithful OpenAI (Chat Completions, Responses), Anthropic
 * Messages, Gemini generateContent and an OpenAI-compatible (vLLM-like) server, behaving as their
 * documented profiles (or the profiles and measured matrices you pass), with the faults you ask for.
 *
 * `urls[provider].sdk` is the base URL for the provider's own SDK (OpenAI `baseURL` ending in /v1,
 * Anthropic `baseURL`, @google/genai `httpOptions.baseUrl`); `urls[provider].aiSdk` for the Vercel AI
 * SDK provider's `baseURL`. Any non-empty API key is accepted. Close it when done.
 *
 * @example
 * const emulator = await startEmulator({ provider: "openai", faults: ["429@1"] });
 * const client = new OpenAI({ baseURL: emulator.urls.openai!.sdk, apiKey: "test" });
 * // ... the first request gets a 429 with Retry-After: 1, the SDK retries ...
 * await emulator.close();
 */
export function startEmulator(options: LaunchOptions): Promise<RunningEmulators> {
  return launchEmulators(options);
}

export { dropNullsForOptionalFields } from "../providers/openai/restore-optional-values.js";
export { parseCheckJson, expandCheckSection } from "./check/compact-expand.js";
