// What the mode's adapter (providers/translation/translators.ts, the translation `check` uses) would do with a probe's
// schema: the evidence beside a verdict that says how a declared schema using the feature gets through.
import { translateForMode } from "../../providers/translation/translators.js";
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import { buildProbeDocument, scaffoldFor } from "./probe-document.js";
import type { FeatureProbe } from "./probe-suite.js";

/** One line per change or refusal about the probed feature; empty when the adapter leaves it alone. */
export function adapterChangesFor(probe: FeatureProbe, mode: ModeProfile): string[] {
  const document = buildProbeDocument([probe], scaffoldFor(mode));
  let translation;
  try {
    translation = translateForMode({ id: `probe/${probe.feature}`, name: "answer", version: null, source: { file: probe.file, format: "schema", pointer: "" }, schema: document.schema, role: mode.role, dialect: "draft2020-12" }, mode);
  } catch (error) {
    return [`the adapter could not translate the probe schema: ${(error as Error).message}`];
  }
  const changes = translation.changes
    .filter((change) => change.feature === probe.feature)
    .map((change) => `${change.kind} ${change.keyword} at ${change.path || "/"}: ${change.reason}${change.lossy ? " (lossy)" : ""}`);
  const refusals = translation.rejected.filter((rejection) => rejection.feature === probe.feature).map((rejection) => `the adapter cannot fix it: ${rejection.error}`);
  return [...changes, ...refusals].slice(0, 6);
}
