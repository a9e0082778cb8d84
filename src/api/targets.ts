// Provider targets (`provider:mode`, e.g. "anthropic:messages.tools.strict") and the profiles they
// resolve in: the documented ones, or those with measured matrices laid over them.
import { listTargets, loadMatrix, loadProfiles, overlayMatrices, resolveTarget, validateProfile, type ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import type { MeasuredMatrix, ProviderProfile } from "../../providers/profiles/profile-types.js";

/** A measured matrix: the file the probe wrote (`probe --out`), or its parsed content. */
export type MatrixInput = string | MeasuredMatrix;

export function profilesWith(matrices: readonly MatrixInput[] = []): ProviderProfile[] {
  const documented = loadProfiles();
  if (matrices.length === 0) return documented;
  return overlayMatrices(documented, matrices.map((matrix, index) => (typeof matrix === "string" ? loadMatrix(matrix) : (validateProfile(matrix, `matrices[${index}]`) as MeasuredMatrix))));
}

/** Every target the profiles name, in their order: what `check` uses when none is asked for. */
export function allTargets(profiles: readonly ProviderProfile[] = loadProfiles()): string[] {
  return listTargets(profiles);
}

/** Throws UnknownTargetError (naming the targets there are) for a name no profile has. */
export function resolveTargets(names: string | readonly string[], profiles: readonly ProviderProfile[]): ResolvedTarget[] {
  return (typeof names === "string" ? [names] : names).map((name) => resolveTarget(name, profiles));
}
