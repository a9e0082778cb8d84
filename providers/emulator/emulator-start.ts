// startEmulator: one loopback server speaking one provider's wire format, behaving as its profile says.
import { azureEmulator } from "../azure/emulator.js";
import { anthropicEmulator } from "../anthropic/emulator.js";
import { bedrockEmulator } from "../bedrock/emulator.js";
import { googleEmulator } from "../google/emulator.js";
import { openApiSchemaToJsonSchema } from "../google/openapi-schema-to-json-schema.js";
import { openaiCompatibleEmulator } from "../openai-compatible/emulator.js";
import { openaiEmulator } from "../openai/emulator.js";
import type { ValidValueGenerator } from "./emulator-model.js";
import { policiesFrom } from "./schema-rules/emulator-profile-policy.js";
import { startEmulatorServer } from "./emulator-server.js";
import { loadValidValue } from "./answer/emulator-valid-value.js";
import type { RequestLimits } from "./emulator-request-limits.js";
import type { AuthPolicy, EmulatorHandle, EmulatorOptions, ProviderEmulator, RecordedRequest } from "./emulator-types.js";
import type { ProviderId } from "../wire/wire-types.js";

const EMULATORS: Readonly<Record<ProviderId, ProviderEmulator>> = {
  openai: openaiEmulator,
  anthropic: anthropicEmulator,
  google: googleEmulator,
  "openai-compatible": openaiCompatibleEmulator,
  azure: azureEmulator,
  bedrock: bedrockEmulator,
};

export interface StartEmulatorOptions extends EmulatorOptions {
  /** A generator of valid values for when repair cannot make the prompt's value conform (default: generators/valid-value.ts when present). */
  readonly validValue?: ValidValueGenerator;
  /** The loopback port (default 0: any free port). */
  readonly port?: number;
  /** Each request's record, as its answer is written. */
  readonly onRecord?: (record: RecordedRequest) => void;
  /** Body bound, header/body timeouts, records kept in `requests` (defaults: emulator-request-limits.ts). */
  readonly limits?: Partial<RequestLimits>;
}

export async function startEmulator(options: StartEmulatorOptions): Promise<EmulatorHandle> {
  const validValue = options.validValue ?? (await loadValidValue());
  return startEmulatorServer({
    emulator: EMULATORS[options.provider],
    policies: policiesFrom(options.provider, options.profile),
    faults: options.faults ?? [],
    auth: authPolicy(options),
    seed: options.seed ?? 1,
    ...(options.unknownAs === undefined ? {} : { unknownAs: options.unknownAs }),
    ...(validValue === undefined ? {} : { validValue }),
    toJsonSchema: openApiSchemaToJsonSchema,
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.onRecord === undefined ? {} : { onRecord: options.onRecord }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
}

/** Hosted providers always want a key; a local OpenAI-compatible server, like vLLM without `--api-key`, does not. */
function authPolicy(options: EmulatorOptions): AuthPolicy {
  const keys = options.apiKeys ?? (options.provider === "openai-compatible" ? "none" : "any");
  if (keys === "none") return { required: false, keys: null };
  if (keys === "any") return { required: true, keys: null };
  return { required: true, keys };
}
