// `probe --catalog`: the team's own tools, each in each selected mode, as check would send it (check's
// translation, check's verdict as the prediction), every constraint site tried with a value that breaks
// it, the request budget split across the (mode, tool) pairs so each gets a verdict or an explicit
// "not probed: budget". Differences from check's prediction are named one by one.
import { resolveTarget, type ResolvedTarget } from "../../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../../providers/profiles/profile-types.js";
import { SharedTranslations } from "../../../providers/translation/shared-translations.js";
import { checkSchemas } from "../../check/check-schemas.js";
import type { ProbeCatalogResult } from "../../report/model.js";
import { detectFeatures } from "../../schema/detect-features.js";
import { toDraft2020 } from "../../schema/dialects/to-draft2020.js";
import type { DeclaredSchema } from "../../schema/types.js";
import type { ProbeTransport } from "../send-probe-request.js";
import { toolSites } from "./catalog-sites.js";
import { probeCatalogTool } from "./probe-catalog-tool.js";
import { siteReason, verdictReason, type ReasonContext } from "./difference-reasons.js";

export interface CatalogProbeRun {
  readonly transport: ProbeTransport;
  readonly profile: ProviderProfile;
  readonly modes: readonly string[];
  readonly declared: readonly DeclaredSchema[];
  readonly maxRequests: number;
  readonly maxTokens: number;
  readonly seed?: number;
  /** The provider is the lab's emulator: the reasons say what the emulator does. */
  readonly emulated?: boolean;
}

/** The features a catalog's tools use (their constraint sites): the features in play for keyword pairs. */
export function catalogFeatures(declared: readonly DeclaredSchema[]): string[] {
  const features = new Set<string>();
  for (const schema of declared) for (const use of detectFeatures(toDraft2020(schema.schema, schema.dialect).schema)) features.add(use.feature);
  return [...features].sort();
}

export async function probeCatalog(run: CatalogProbeRun): Promise<ProbeCatalogResult[]> {
  const translations = new SharedTranslations();
  const work = targetsOf(run.profile, run.modes).flatMap((target) => run.declared.filter((schema) => schema.role === target.mode.role).map((declared) => ({ target, declared })));
  const shares = splitBudget(run.maxRequests, work.length);
  const sitesOf = new Map<DeclaredSchema, ReturnType<typeof toolSites>>();
  return Promise.all(
    work.map(async ({ target, declared }, index) => {
      const reading = toDraft2020(declared.schema, declared.dialect).schema;
      let sites = sitesOf.get(declared);
      if (sites === undefined) sitesOf.set(declared, (sites = toolSites(reading, run.seed ?? 1)));
      const translation = translations.translate(declared, target.mode, { unsupported: "strip" });
      const prediction = checkSchemas([declared], [target], { profiles: [run.profile], matchRoles: false }).results[0]!;
      const measured = await probeCatalogTool({ transport: run.transport, target, declared, reading, translation, prediction, sites, share: shares[index]!, maxTokens: run.maxTokens });
      const result = { schemaId: declared.id, target: target.target, predicted: prediction.verdict, measured: measured.measured, sites: measured.sites, requests: measured.requests };
      const refused = prediction.rejected[0];
      const uncounted = [...new Set([...prediction.ignored.map((entry) => `${entry.feature} at ${entry.paths[0] || "/"}`), ...prediction.changes.filter((change) => change.lossy).map((change) => `${change.feature} at ${change.paths[0] || "/"} (lossy ${change.kind})`)].map((entry) => entry.split(" (")[0]!))];
      const context: ReasonContext = { emulated: run.emulated === true, uncounted, ...(refused === undefined ? {} : { refusal: `${refused.feature} at ${refused.path || "/"}` }) };
      return { ...result, sites: result.sites.map((site) => (site.status === "not-probed" || site.status === "error" || site.status === site.predicted || result.measured === "rejected" ? site : { ...site, reason: siteReason(site, context) })), differences: differencesOf(result, context) };
    }),
  );
}

function targetsOf(profile: ProviderProfile, modes: readonly string[]): ResolvedTarget[] {
  return modes.filter((mode) => profile.modes.some((known) => known.mode === mode)).map((mode) => resolveTarget(`${profile.provider}:${mode}`, [profile]));
}

/** The budget in equal shares, the remainder to the first; with fewer requests than tools, the first tools get one each. */
export function splitBudget(budget: number, tools: number): number[] {
  if (tools === 0) return [];
  const share = Math.floor(budget / tools);
  const rest = budget - share * tools;
  return Array.from({ length: tools }, (_, index) => share + (index < rest ? 1 : 0));
}

/**
 * Every place the measurement and check's prediction differ, in a sentence each with its reason after " — ".
 * A tool the provider refused is one difference (its sites all read rejected for that one reason).
 */
export function differencesOf(result: Omit<ProbeCatalogResult, "differences">, context: ReasonContext = { emulated: false }): string[] {
  const out: string[] = [];
  if (result.measured.startsWith("not probed") || result.measured.startsWith("undetermined")) return out;
  if (result.measured !== result.predicted) out.push(`${result.schemaId} on ${result.target}: check predicts ${result.predicted}, measured ${result.measured} — ${verdictReason(result, context)}`);
  if (result.measured === "rejected") return out;
  for (const site of result.sites) {
    if (site.status === "not-probed" || site.status === "error" || site.status === site.predicted) continue;
    out.push(`${result.schemaId} on ${result.target}: ${site.feature} at ${site.path || "/"}: check predicts ${site.predicted}, measured ${site.status} — ${siteReason(site, context)}`);
  }
  return out;
}
