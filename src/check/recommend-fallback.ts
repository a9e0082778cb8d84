// The rung of the fallback ladder to rely on for one schema on one target, and why:
// strict-native → compatible-fallback-model → validate-and-retry → human-review (→ no-action).
// A high-risk tool never gets validate-and-retry as its only guard: it goes to human review.
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import type { CheckResult, CheckVerdict } from "../report/model.js";
import type { IgnoredEntry, RejectedEntry } from "./classify-native-features.js";

export interface FallbackInput {
  readonly verdict: CheckVerdict;
  readonly risk?: "low" | "medium" | "high";
  readonly mode: ModeProfile;
  readonly changeCount: number;
  readonly ignored: readonly IgnoredEntry[];
  readonly rejected: readonly RejectedEntry[];
  /** What the mode's fallbackTarget makes of the same schema, when the mode has one. */
  readonly alternative?: { readonly target: string; readonly verdict: CheckVerdict };
}

export type Fallback = CheckResult["fallback"];

const SHOWN = 4;

function featureList(entries: readonly { feature: string }[]): string {
  const features = [...new Set(entries.map((entry) => entry.feature))];
  const more = features.length > SHOWN ? ` and ${features.length - SHOWN} more` : "";
  return `${features.slice(0, SHOWN).join(", ")}${more}`;
}

export function recommendFallback(input: FallbackInput): Fallback {
  switch (input.verdict) {
    case "native":
      return input.mode.enforcement === "constrained"
        ? { rung: "strict-native", reason: "the provider enforces the schema as declared" }
        : { rung: "no-action", reason: "nothing in the schema needs enforcing" };
    case "translated":
      return { rung: "strict-native", reason: `the provider enforces the translated schema; the ${input.changeCount} change(s) lose nothing` };
    case "needs-local-validation":
      return afterLocalValidation(input);
    case "rejected":
      return afterRejection(input);
  }
}

function afterLocalValidation(input: FallbackInput): Fallback {
  const gap = `the provider does not hold answers to ${featureList(input.ignored)}`;
  if (input.risk === "high") {
    return { rung: "human-review", reason: `${gap}; a high-risk tool needs more than validate-and-retry: have a person confirm before it acts` };
  }
  return { rung: "validate-and-retry", reason: `${gap}: validate each answer against the declared schema and retry on failure` };
}

function afterRejection(input: FallbackInput): Fallback {
  const refused = `refused here (${featureList(input.rejected)})`;
  const alternative = input.alternative;
  if (alternative && alternative.verdict !== "rejected") {
    const needsValidation = alternative.verdict === "needs-local-validation";
    if (needsValidation && input.risk === "high") {
      return { rung: "human-review", reason: `${refused}; ${alternative.target} takes it without enforcing everything, and this tool is high-risk` };
    }
    const then = needsValidation ? ", then validate answers locally and retry" : "";
    return { rung: "compatible-fallback-model", reason: `${refused}; send it to ${alternative.target} instead (${alternative.verdict})${then}` };
  }
  if (input.risk !== "high" && input.mode.fallback === "validate-and-retry") {
    return { rung: "validate-and-retry", reason: `${refused}; send it without schema enforcement (JSON mode), validate answers locally and retry` };
  }
  return { rung: "human-review", reason: `${refused} and no documented fallback takes it: redesign the schema, or have a person review each call` };
}
