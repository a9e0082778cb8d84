// The bounds of a translated schema past the target's guaranteed sizes (xAI: lengths 2,048, items 256,
// properties 64): accepted, followed best effort, not enforced, so each is an ignored entry at its place.
import { boundsPastGuarantee, describeBoundPastGuarantee } from "../../providers/translation/guaranteed-bounds.js";
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import type { JsonSchema } from "../schema/types.js";
import type { IgnoredEntry } from "./classify-native-features.js";

export function guaranteedBoundFindings(native: JsonSchema, mode: ModeProfile): IgnoredEntry[] {
  return boundsPastGuarantee(native, mode.guaranteedBounds).map((bound) => ({ feature: bound.feature, path: bound.path, note: describeBoundPastGuarantee(bound) }));
}
