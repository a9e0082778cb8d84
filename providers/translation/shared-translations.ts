// Translations shared between the modes of one run: a schema checked against 19 targets is translated
// once per group of modes that read alike (the same translator, rules and policy, and the same answer
// to every cell the translation looked at), not once per target. Results are those of translateForMode.
import type { DeclaredSchema } from "../../src/schema/types.js";
import type { ModeProfile } from "../profiles/profile-types.js";
import { buildRequestFragment } from "./build-request-fragment.js";
import { ModeReads, modeTranslationKey } from "./mode-reads.js";
import { translateForMode } from "./translators.js";
import { DEFAULT_TRANSLATE_OPTIONS, type TranslateOptions, type Translation } from "./translation-types.js";

interface Shared {
  readonly key: string;
  readonly reads: ModeReads;
  readonly translation: Translation;
}

export class SharedTranslations {
  // By declared schema object: a run's schemas, released with it.
  private readonly bySchema = new WeakMap<DeclaredSchema, Shared[]>();

  /** translateForMode, or the translation of an earlier mode that read alike (native schema and lists shared: read only). */
  translate(declared: DeclaredSchema, mode: ModeProfile, options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS): Translation {
    const key = modeTranslationKey(mode, options);
    let shared = this.bySchema.get(declared);
    if (shared === undefined) this.bySchema.set(declared, (shared = []));
    for (const earlier of shared) {
      if (earlier.key === key && earlier.reads.matches(mode)) return forMode(earlier.translation, declared, mode);
    }
    const reads = new ModeReads();
    const translation = translateForMode(declared, mode, { ...options, reads });
    shared.push({ key, reads, translation });
    return translation;
  }
}

/** The same translation in this mode's request (the fragment is the one part that is the mode's own). */
function forMode(translation: Translation, declared: DeclaredSchema, mode: ModeProfile): Translation {
  let fragment: Record<string, unknown> | undefined;
  const { native, changes, rejected, dialectUses } = translation;
  return {
    native,
    get fragment() {
      return (fragment ??= buildRequestFragment(mode.request, declared, native));
    },
    changes,
    rejected,
    dialectUses,
  };
}
