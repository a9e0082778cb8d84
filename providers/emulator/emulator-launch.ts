// Starting one or every provider emulator for an application's own tests (`schemalab emulate`,
// `startEmulator` from the package): profiles or measured matrices read from files, faults written in
// the fault grammar, one record per request to a callback, each server on its own loopback port.
import { readFileSync } from "node:fs";
import { startEmulator as startOne } from "./emulator-start.js";
import { FaultSpecError, parseFaultSpec } from "./emulator-fault-spec.js";
import { loadMatrix, ProfileError, validateProfile } from "../profiles/load-profiles.js";
import type { EmulatorHandle, FaultSpec, RecordedRequest, SdkUrls } from "./emulator-types.js";
import type { ProviderProfile } from "../profiles/profile-types.js";
import { PROVIDER_IDS } from "../wire/wire-adapters.js";
import type { ProviderId } from "../wire/wire-types.js";

/** Every provider the wire layer speaks has an emulator: one list, so a new provider cannot miss either. */
export const EMULATED_PROVIDERS: readonly ProviderId[] = PROVIDER_IDS;

export interface LaunchOptions {
  /** One provider, several, or `"all"` (openai, anthropic, google, openai-compatible, azure, vertex, in that order). */
  readonly provider: ProviderId | "all" | readonly ProviderId[];
  /** The first provider's port; the next ones take the ports after it. Default: free ports. */
  readonly port?: number;
  /**
   * Profiles to behave as, instead of the documented ones: objects or files (providers/profile.schema.json).
   * Each applies to the provider it names (`openai-compatible/vllm` is the openai-compatible emulator).
   */
  readonly profiles?: readonly (ProviderProfile | string)[];
  /** Measured matrices (`schemalab probe --out`): the emulator behaves as measured. Objects or files. */
  readonly matrices?: readonly (ProviderProfile | string)[];
  /**
   * Faults, as FaultSpec objects or in the grammar of emulator-fault-spec.ts (`429@3`, `500@10%`,
   * `slow:200ms@1`); a string may name one provider first (`anthropic/529@1`), else it applies to each.
   */
  readonly faults?: readonly (FaultSpec | string)[];
  /** Seeds ids and `P%` fault draws: the same seed replays the same run. Default 1. */
  readonly seed?: number;
  /** Keys accepted (default: any non-empty key; none needed for openai-compatible). */
  readonly apiKeys?: readonly string[] | "any" | "none";
  /** Called once per request, as its answer is written. */
  readonly onRequest?: (record: EmulatorLogRecord) => void;
}

/** One request, as the `--log` JSON Lines carry it. */
export interface EmulatorLogRecord extends RecordedRequest {
  /** 1, 2, 3... over every provider of this launch. */
  readonly seq: number;
  readonly provider: ProviderId;
  /** When the answer was written (ISO 8601): for reading a log, never for a verdict. */
  readonly at: string;
}

export interface RunningEmulators {
  /** Base URLs per started provider, as each SDK takes them. */
  readonly urls: Readonly<Partial<Record<ProviderId, SdkUrls>>>;
  /** Every request so far, per provider. */
  readonly requests: Readonly<Partial<Record<ProviderId, readonly RecordedRequest[]>>>;
  close(): Promise<void>;
}

export async function launchEmulators(options: LaunchOptions): Promise<RunningEmulators> {
  const providers = providerList(options.provider);
  const behaviours = new Map<ProviderId, ProviderProfile>();
  for (const input of options.profiles ?? []) place(behaviours, readProfile(input, false), providers);
  for (const input of options.matrices ?? []) place(behaviours, readProfile(input, true), providers);
  const seed = options.seed ?? 1;
  const faults = (options.faults ?? []).map((fault, index) => scopedFault(fault, seed, index));
  for (const fault of faults) {
    if (fault.provider !== undefined && !providers.includes(fault.provider)) throw new FaultSpecError(`fault for '${fault.provider}', which is not among the emulated providers (${providers.join(", ")})`);
  }
  const handles = new Map<ProviderId, EmulatorHandle>();
  let seq = 0;
  try {
    for (const [index, provider] of providers.entries()) {
      const profile = behaviours.get(provider);
      const onRecord = options.onRequest === undefined ? undefined : (record: RecordedRequest) => options.onRequest!({ seq: (seq += 1), provider, at: new Date().toISOString(), ...record });
      const handle = await startOne({
        provider,
        seed,
        faults: faults.filter((fault) => fault.provider === undefined || fault.provider === provider).map((fault) => fault.spec),
        ...(profile === undefined ? {} : { profile }),
        ...(options.apiKeys === undefined ? {} : { apiKeys: options.apiKeys }),
        ...(options.port === undefined ? {} : { port: options.port + index }),
        ...(onRecord === undefined ? {} : { onRecord }),
      });
      handles.set(provider, handle);
    }
  } catch (error) {
    await Promise.all([...handles.values()].map((handle) => handle.close()));
    throw error;
  }
  const started = [...handles.entries()];
  return {
    urls: Object.fromEntries(started.map(([provider, handle]) => [provider, handle.urls])),
    requests: Object.fromEntries(started.map(([provider, handle]) => [provider, handle.requests])),
    close: async () => void (await Promise.all(started.map(([, handle]) => handle.close()))),
  };
}

function scopedFault(fault: FaultSpec | string, seed: number, index: number): { provider?: ProviderId; spec: FaultSpec } {
  if (typeof fault !== "string") return { spec: fault };
  const slash = fault.indexOf("/");
  const named = slash > 0 && !fault.slice(0, slash).includes("@") ? fault.slice(0, slash) : undefined;
  if (named === undefined) return { spec: parseFaultSpec(fault, seed, index) };
  if (!(EMULATED_PROVIDERS as readonly string[]).includes(named)) throw new FaultSpecError(`fault '${fault}': '${named}' is not one of ${EMULATED_PROVIDERS.join(", ")}`);
  return { provider: named as ProviderId, spec: parseFaultSpec(fault.slice(slash + 1), seed, index) };
}

function providerList(provider: LaunchOptions["provider"]): readonly ProviderId[] {
  if (provider === "all") return EMULATED_PROVIDERS;
  const list = typeof provider === "string" ? [provider] : provider;
  for (const id of list) if (!EMULATED_PROVIDERS.includes(id)) throw new ProfileError("provider", "", `'${id}' is not one of ${EMULATED_PROVIDERS.join(", ")}, all`);
  return list;
}

function readProfile(input: ProviderProfile | string, matrix: boolean): ProviderProfile {
  if (typeof input !== "string") return validateProfile(input, matrix ? "matrix" : "profile");
  if (matrix) return loadMatrix(input);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(input, "utf8"));
  } catch (error) {
    throw new ProfileError(input, "", (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : `invalid JSON: ${(error as Error).message}`);
  }
  return validateProfile(value, input);
}

/** A profile goes to the emulator of the provider it names (`openai-compatible/vllm` → openai-compatible). */
function place(behaviours: Map<ProviderId, ProviderProfile>, profile: ProviderProfile, providers: readonly ProviderId[]): void {
  const provider = profile.provider.split("/")[0] as ProviderId;
  if (!providers.includes(provider)) throw new ProfileError(profile.provider, "", `the profile is for '${profile.provider}', which is not among the emulated providers (${providers.join(", ")})`);
  behaviours.set(provider, profile);
}
