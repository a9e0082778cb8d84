// The rung of the fallback ladder to rely on for one schema on one target, and why, in a sentence:
// strict-native → compatible-fallback-model → validate-and-retry → human-review (→ no-action).
// One rule per cause, the same on every target: enforced as sent → strict-native; accepted but not
// held to everything → validate-and-retry (human review for a high-risk tool); refused → the mode's
// fallback target when that takes it, else human review with a redesign. A high-risk tool never gets
// validate-and-retry as its only guard.
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import { featureInfo, isFeatureId } from "../schema/features.js";
import { OBLIGATION_PHRASES } from "./obligations.js";
import type { CheckVerdict, FallbackRung, ObligationKind } from "./types.js";

export interface FallbackInput {
  readonly verdict: CheckVerdict;
  readonly risk?: "low" | "medium" | "high";
  readonly mode: ModeProfile;
  readonly changeCount: number;
  readonly ignored: readonly { readonly feature: string; readonly path?: string }[];
  readonly rejected: readonly { readonly feature: string; readonly path?: string }[];
  /** What the app must do besides validating (drop nulls, map names): named in the reason. */
  readonly obligations?: readonly ObligationKind[];
  /** What the mode's fallbackTarget makes of the same schema, when the mode has one. */
  readonly alternative?: { readonly target: string; readonly verdict: CheckVerdict };
}

export interface Fallback {
  readonly rung: FallbackRung;
  /** One sentence. */
  readonly reason: string;
}

const SHOWN = 4;

/** "format:email (e-mail address), pattern (matches a regular expression) and 2 more". */
export function featureWords(entries: readonly { feature: string }[]): string {
  if (entries.some((entry) => entry.feature === "*")) return "any part of it";
  const features = [...new Set(entries.map((entry) => entry.feature))];
  const words = features.slice(0, SHOWN).map((feature) => (isFeatureId(feature) && !feature.startsWith("keyword:") ? `${feature} (${featureInfo(feature).summary})` : feature));
  const more = features.length > SHOWN ? ` and ${features.length - SHOWN} more` : "";
  if (more === "" && words.length > 1) return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
  return `${words.join(", ")}${more}`;
}

function afterTranslation(input: FallbackInput): string {
  const duties = (input.obligations ?? []).filter((kind) => kind !== "validate-locally").map((kind) => OBLIGATION_PHRASES[kind]);
  if (duties.length === 0) return `The provider enforces the translated schema, and none of its ${input.changeCount} change(s) leaves the app anything to do.`;
  return `The provider enforces the translated schema, provided the app does what its changes require: ${duties.join("; ")}.`;
}

export function recommendFallback(input: FallbackInput): Fallback {
  switch (input.verdict) {
    case "native":
      return input.mode.enforcement === "constrained"
        ? { rung: "strict-native", reason: "The provider enforces the schema as declared." }
        : { rung: "no-action", reason: "Nothing in the schema needs enforcing." };
    case "translated":
      return { rung: "strict-native", reason: afterTranslation(input) };
    case "needs-local-validation":
      return afterLocalValidation(input);
    case "rejected":
      return afterRejection(input);
  }
}

function afterLocalValidation(input: FallbackInput): Fallback {
  const gap = `The provider takes the schema but does not hold answers to ${featureWords(input.ignored)}`;
  if (input.risk === "high") {
    return { rung: "human-review", reason: `${gap}; this tool is high-risk, so besides validating each answer, have a person confirm each call before it acts.` };
  }
  return { rung: "validate-and-retry", reason: `${gap}: validate each answer against the declared schema and retry on failure.` };
}

function afterRejection(input: FallbackInput): Fallback {
  const refused = `The provider refuses ${featureWords(input.rejected)}`;
  const alternative = input.alternative;
  if (alternative && alternative.verdict !== "rejected") {
    const needsValidation = alternative.verdict === "needs-local-validation";
    if (needsValidation && input.risk === "high") {
      return { rung: "human-review", reason: `${refused}; ${alternative.target} takes the schema without enforcing all of it, and this tool is high-risk, so have a person confirm each call.` };
    }
    const then = needsValidation ? ", then validate each answer locally and retry on failure" : "";
    return { rung: "compatible-fallback-model", reason: `${refused}; send the schema to ${alternative.target} instead (${alternative.verdict} there)${then}.` };
  }
  return { rung: "human-review", reason: `${refused}, and no documented fallback takes the schema: change the schema, or have a person review each call.` };
}
