// probeEmulator: start a provider's emulator on loopback (its documented profile unless told otherwise),
// probe it, close it. The section says `emulated: true`; the emulator is never reported as the provider.
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { EmulatorOptions } from "../../providers/emulator/emulator-types.js";
import type { ProviderId } from "../../providers/wire/wire-types.js";
import { planProbe } from "./probe-plan.js";
import { runProbe, type ProbeRunSection, type RunProbeOptions } from "./run-probe.js";

/** The emulator takes any non-empty key; this one is not a secret and never a real key. */
export const EMULATOR_KEY = "schemalab-emulator-key";

export const DEFAULT_MODELS: Readonly<Record<ProviderId, string>> = {
  openai: "gpt-4o-2024-08-06",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  "openai-compatible": "emulated-local-model",
  azure: "gpt-4o-deployment",
  bedrock: "anthropic.claude-sonnet-4-5-20250929-v1:0",
  vertex: "gemini-2.5-flash",
};

export interface ProbeEmulatorOptions extends Partial<Omit<RunProbeOptions, "provider" | "baseUrl" | "apiKey" | "emulated">> {
  /** What the emulator behaves as: default the provider's documented profile. */
  readonly emulatorProfile?: EmulatorOptions["profile"];
  readonly faults?: EmulatorOptions["faults"];
  readonly seed?: number;
}

/**
 * A request budget an emulator run never spends before its plan is done: the plan's "at most" (every
 * batch confirmed probe by probe, every bisection run out). An emulator bills nothing, and a spent
 * budget would leave cells in error that `run` reports as unmeasured.
 */
export function wholePlanBudget(provider: ProviderId, options: Pick<RunProbeOptions, "modes" | "features" | "profile"> = {}): number {
  return planProbe({ ...options, provider, model: DEFAULT_MODELS[provider], live: false, maxRequests: Number.MAX_SAFE_INTEGER }).atMost;
}

export async function probeEmulator(provider: ProviderId, options: ProbeEmulatorOptions = {}): Promise<ProbeRunSection> {
  const { emulatorProfile, faults, seed, ...probeOptions } = options;
  const emulator = await startEmulator({
    provider,
    ...(emulatorProfile === undefined ? {} : { profile: emulatorProfile }),
    ...(faults === undefined ? {} : { faults }),
    ...(seed === undefined ? {} : { seed }),
  });
  try {
    return await runProbe({
      model: DEFAULT_MODELS[provider],
      ...probeOptions,
      provider,
      baseUrl: emulator.baseUrl,
      apiKey: EMULATOR_KEY,
      emulated: true,
    });
  } finally {
    await emulator.close();
  }
}
