// Findings shared between the targets of one run: targets that share a schema's translation and answer
// every cell its classification read alike (`tools` and `tools.auto` of one provider) get one set of
// findings. The lists are shared: callers copy `rejected` before adding to it, and never edit `ignored`.
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import { ModeReads } from "../../providers/translation/mode-reads.js";
import type { Translation } from "../../providers/translation/translation-types.js";
import type { JsonSchema } from "../schema/types.js";
import { classifyNativeFeatures, type FeatureFindings } from "./classify-native-features.js";

interface Shared {
  readonly translation: Translation;
  readonly reads: ModeReads;
  readonly findings: FeatureFindings;
}

export class SharedClassifications {
  // Keyed by the translation's change list, which targets sharing a translation share (a fresh one has its own).
  private readonly byChanges = new WeakMap<object, Shared[]>();

  classify(translation: Translation, mode: ModeProfile, schemaName: string, declared: JsonSchema): FeatureFindings {
    let shared = this.byChanges.get(translation.changes);
    if (shared === undefined) this.byChanges.set(translation.changes, (shared = []));
    for (const earlier of shared) {
      if (sameTranslation(earlier.translation, translation) && earlier.reads.matches(mode)) return earlier.findings;
    }
    const reads = new ModeReads();
    const findings = classifyNativeFeatures(translation, mode, schemaName, declared, reads);
    shared.push({ translation, reads, findings });
    return findings;
  }
}

function sameTranslation(a: Translation, b: Translation): boolean {
  return a.native === b.native && a.changes === b.changes && a.rejected === b.rejected && a.dialectUses === b.dialectUses;
}
