// What check's verdict says a mode does with one site, and on what ground: check's whole-tool refusal, a
// best-effort mode, a profile cell left unconfirmed, a documented cell, or the translation (a lossy change
// that still refuses this very break, e.g. oneOf sent as anyOf refuses a value no branch takes). The ground
// becomes the one-sentence reason beside a difference.
import type { ModeProfile } from "../../../providers/profiles/profile-types.js";
import type { Translation } from "../../../providers/translation/translation-types.js";
import type { CheckResult, ProbeStatus } from "../../report/model.js";
import type { JsonSchema } from "../../schema/types.js";
import { judgeSample } from "../judge-sample.js";
import { combine, type SiteBreak } from "./catalog-sites.js";
import { siteErrors } from "./site-errors.js";

export type PredictionGround = "check-refuses" | "best-effort" | "unconfirmed" | "documented" | "translation-keeps" | "held";

export interface SitePrediction {
  readonly status: ProbeStatus;
  readonly ground: PredictionGround;
}

export interface PredictionContext {
  readonly prediction: CheckResult;
  readonly mode: ModeProfile;
  readonly translation: Translation;
  readonly base: unknown;
}

export function predictSite(context: PredictionContext, site: SiteBreak): SitePrediction {
  const { prediction, mode, translation } = context;
  if (prediction.verdict === "rejected") return { status: "rejected", ground: "check-refuses" };
  if (prediction.ignored.some((entry) => entry.feature === "*")) return { status: "ignored", ground: "best-effort" };
  if (!prediction.ignored.some((entry) => entry.feature === site.feature)) return { status: "enforced", ground: "held" };
  const cell = mode.features[site.feature]?.status ?? "unknown";
  if (cell === "unknown") return { status: "ignored", ground: "unconfirmed" };
  // A cell that is not `ignored` (the keyword refused and rewritten, e.g. oneOf sent as anyOf): the sent
  // schema, which the mode holds, decides this break.
  if (cell !== "ignored" && sentRefuses(translation, context.base, site)) return { status: "enforced", ground: "translation-keeps" };
  return { status: "ignored", ground: "documented" };
}

/** The schema sent (read as JSON Schema) still refuses this break at its place. */
function sentRefuses(translation: Translation, base: unknown, site: SiteBreak): boolean {
  try {
    const judgement = judgeSample(translation.native as JsonSchema, combine(base, [site]));
    return !judgement.valid && siteErrors(judgement.errors, site.feature, site.path).length > 0;
  } catch {
    // A sent schema in the provider's own dialect (OpenAPI `nullable`...) is not read as JSON Schema: the cell decides.
    return false;
  }
}
