// The emulator's configuration: a ProviderProfile (default: providers/<id>/profile.json) or a plain
// per-mode feature map, reduced to one ModePolicy per mode.
import { existsSync, readFileSync } from "node:fs";
import { fromRoot } from "../../../src/package-root.js";
import type { FeaturePolicy, ModePolicy, PlainModeMap } from "../emulator-types.js";
import type { CapabilityStatus, ProviderProfile } from "../../profiles/profile-types.js";
import type { ProviderId } from "../../wire/wire-types.js";

/** Bad emulator configuration: a programmer error at the edge, named with what was asked for. */
export class EmulatorConfigError extends Error {
  override readonly name = "EmulatorConfigError";
}

export function isProviderProfile(value: unknown): value is ProviderProfile {
  return value !== null && typeof value === "object" && Array.isArray((value as { modes?: unknown }).modes);
}

/** The profile file for a provider (or `<provider>/<variant>.profile.json` for a named variant). */
export function readDefaultProfile(provider: ProviderId, variant?: string): ProviderProfile {
  const file = variant === undefined ? fromRoot("providers", provider, "profile.json") : fromRoot("providers", provider, `${variant}.profile.json`);
  if (!existsSync(file)) throw new EmulatorConfigError(`no profile for ${provider}${variant ? `/${variant}` : ""}: ${file} does not exist; pass one as \`profile\``);
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!isProviderProfile(parsed)) throw new EmulatorConfigError(`${file}: not a provider profile (no modes)`);
  return parsed;
}

export function policiesFrom(provider: ProviderId, input: ProviderProfile | PlainModeMap | string | undefined): ReadonlyMap<string, ModePolicy> {
  if (input === undefined) return policiesFromProfile(readDefaultProfile(provider));
  if (typeof input === "string") return policiesFromProfile(readDefaultProfile(provider, input));
  if (isProviderProfile(input)) return policiesFromProfile(input);
  return policiesFromPlainMap(input);
}

function policiesFromProfile(profile: ProviderProfile): ReadonlyMap<string, ModePolicy> {
  const policies = new Map<string, ModePolicy>();
  for (const mode of profile.modes) {
    const features: Record<string, FeaturePolicy> = {};
    for (const [feature, cell] of Object.entries(mode.features)) {
      features[feature] = cell.error === undefined ? { status: cell.status } : { status: cell.status, error: cell.error };
    }
    policies.set(mode.mode, {
      mode: mode.mode,
      enforcement: mode.enforcement ?? "unknown",
      features,
      rules: mode.rules ?? {},
      ruleErrors: mode.ruleErrors ?? {},
      limits: mode.limits ?? {},
      limitErrors: mode.limitErrors ?? {},
      limitScope: mode.limitScope ?? "schema",
      ...(mode.guaranteedBounds === undefined ? {} : { guaranteedBounds: mode.guaranteedBounds }),
    });
  }
  return policies;
}

/** A plain map carries no rules or limits; a mode with any enforced feature decodes under constraint. */
function policiesFromPlainMap(map: PlainModeMap): ReadonlyMap<string, ModePolicy> {
  const policies = new Map<string, ModePolicy>();
  for (const [mode, cells] of Object.entries(map)) {
    const features: Record<string, FeaturePolicy> = {};
    for (const [feature, cell] of Object.entries(cells)) features[feature] = typeof cell === "string" ? { status: cell as CapabilityStatus } : cell;
    const enforcing = Object.values(features).some((cell) => cell.status === "enforced" || cell.status === "altered");
    policies.set(mode, { mode, enforcement: enforcing ? "constrained" : "best-effort", features, rules: {}, ruleErrors: {}, limits: {}, limitErrors: {}, limitScope: "schema" });
  }
  return policies;
}

/**
 * What a feature's cell means for this emulator: `unknown` and missing cells take `unknownAs` when
 * given, else `enforced` in constrained modes (the grammar holds what it accepted) and `ignored` otherwise.
 */
export function effectiveStatus(policy: ModePolicy, feature: string, unknownAs?: "enforced" | "ignored" | "rejected"): CapabilityStatus {
  const status = policy.features[feature]?.status ?? "unknown";
  if (status !== "unknown") return status;
  if (unknownAs !== undefined) return unknownAs;
  return policy.enforcement === "constrained" ? "enforced" : "ignored";
}
