// `probe()`: a provider (or its emulator on loopback) probed feature by feature. The same section
// `schemalab probe --format json` prints: cells per mode, the diff from the documented profile, the
// raw records and the measured matrix that `check({ matrices })` reads.
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { API_KEY_ENV, isProviderId, PROVIDER_IDS } from "../../providers/wire/wire-adapters.js";
import type { ProviderId } from "../../providers/wire/wire-types.js";
import { DEFAULT_MODELS, probeEmulator } from "../probe/probe-emulator.js";
import type { ProbeRunSection, RunProbeOptions } from "../probe/run-probe.js";
import { runProbe } from "../probe/run-probe.js";
import { isFeatureId } from "../schema/features.js";

export type { ProbeRunSection };

export interface ProbeApiOptions extends Partial<Omit<RunProbeOptions, "provider" | "profile" | "emulated" | "fetchImpl">> {
  /** A wire provider, or a sub-profile such as "openai-compatible/vllm" (planned and diffed against it). */
  readonly provider: ProviderId | `${ProviderId}/${string}`;
  /** Probe the provider's emulator on loopback instead of the network; the section says emulated. */
  readonly emulator?: boolean;
  /** Default for a live probe: the provider's key variable (OPENAI_API_KEY, ...); none is sent without one. */
  readonly apiKey?: string;
  /** The fetch the probe sends with (default globalThis.fetch). */
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export class ProbeInputError extends Error {
  override readonly name = "ProbeInputError";
}

/**
 * @example
 * const section = await probe({ provider: "anthropic", emulator: true, features: ["string.pattern"] });
 * section.diffFromProfile; // where the measurement contradicts the documented profile
 */
export async function probe(options: ProbeApiOptions): Promise<ProbeRunSection> {
  const { provider: name, emulator, fetch: fetchImpl, apiKey, ...rest } = options;
  const { provider, profile } = providerOf(name);
  const unknown = (rest.features ?? []).filter((feature) => !isFeatureId(feature));
  if (unknown.length > 0) throw new ProbeInputError(`features: not feature ids of the taxonomy: ${unknown.join(", ")}`);
  const sending = { ...rest, ...(fetchImpl === undefined ? {} : { fetchImpl }) };
  if (emulator) {
    if (rest.baseUrl !== undefined) throw new ProbeInputError("emulator and baseUrl exclude each other: the emulator picks its own loopback URL");
    return probeEmulator(provider, { ...sending, ...(profile === undefined ? {} : { profile, emulatorProfile: profile }) });
  }
  const key = apiKey ?? (rest.replay === undefined ? process.env[API_KEY_ENV[provider]] : undefined);
  return runProbe({
    ...sending,
    provider,
    model: rest.model ?? DEFAULT_MODELS[provider],
    ...(profile === undefined ? {} : { profile }),
    ...(key === undefined || key === "" ? {} : { apiKey: key }),
  });
}

function providerOf(name: string): { provider: ProviderId; profile?: ProviderProfile } {
  if (isProviderId(name)) return { provider: name };
  const [base] = name.split("/");
  const profile = loadProfiles().find((known) => known.provider === name);
  if (base === undefined || !isProviderId(base) || profile === undefined) {
    const known = [...PROVIDER_IDS, ...loadProfiles().map((known) => known.provider).filter((id) => id.includes("/"))];
    throw new ProbeInputError(`provider: unknown provider '${name}' (known: ${known.join(", ")})`);
  }
  return { provider: base, profile };
}
