// `probe --plan`: what a probe will send before it sends anything. Per mode, the requests the plan
// makes (feature batches, limit probes, pair batches, catalog tools' site groups), the most it could
// make (every batch confirmed probe by probe, every bisection run out, the budget capping all), and for
// a live provider with a listed price an estimate of the cost from the very documents the plan sends
// (about four characters a token). Emulated and replayed runs cost nothing and print no cost.
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { toDraft2020 } from "../schema/dialects/to-draft2020.js";
import { groupSites, toolSites } from "./catalog/catalog-sites.js";
import { catalogFeatures } from "./catalog/probe-catalog.js";
import { buildPairProbes } from "./pairs/pair-suite.js";
import { PRICE_TABLE } from "./price-table.js";
import { buildProbeDocument, scaffoldFor } from "./probe-document.js";
import { planBatches } from "./probe-mode.js";
import { buildProbePrompt } from "./probe-prompt.js";
import { loadProbeSuite } from "./probe-suite.js";
import { PROBE_DEFAULTS, type RunProbeOptions } from "./run-probe.js";

export interface ModePlan {
  readonly mode: string;
  readonly features: { readonly probes: number; readonly requests: number };
  readonly limits: { readonly probes: number; readonly requests: number; readonly atMost: number };
  readonly pairs: { readonly directions: number; readonly requests: number };
  readonly tools: { readonly tools: number; readonly sites: number; readonly requests: number };
  readonly planned: number;
  readonly atMost: number;
  /** Characters sent and asked back by the planned requests: what the estimate reads. */
  readonly charsIn: number;
  readonly charsOut: number;
}

export interface ProbePlan {
  readonly provider: string;
  readonly model: string;
  readonly live: boolean;
  readonly modes: readonly ModePlan[];
  readonly budget: number;
  readonly planned: number;
  readonly atMost: number;
  /** USD for the planned requests, null when the model has no listed price; absent when nothing is billed. */
  readonly estimateUsd?: number | null;
  readonly priceSource?: string;
}

/** Batches in the modes after the first are this many times larger (run-probe.ts). */
const LATER_MODE_BATCH_SCALE = 4;
const CHARS_PER_TOKEN = 4;

export function planProbe(options: RunProbeOptions & { readonly live: boolean }): ProbePlan {
  const documented: ProviderProfile | undefined = options.profile ?? loadProfiles().find((profile) => profile.provider === options.provider);
  const modes = options.modes ?? documented?.modes.map((mode) => mode.mode) ?? [];
  const suite = loadProbeSuite();
  const selected = (feature: string): boolean => options.features === undefined || options.features.includes(feature);
  const singles = options.pairs !== "only" && options.catalog === undefined;
  const probes = singles ? suite.probes.filter((probe) => selected(probe.feature)) : [];
  const limits = singles ? suite.limits.filter((probe) => selected(probe.feature)) : [];
  const pairs = options.pairs === undefined ? [] : buildPairProbes(new Set(options.pairFeatures ?? (options.catalog ? catalogFeatures(options.catalog) : options.features ?? suite.probes.map((probe) => probe.feature))));
  const batchSize = options.batchSize ?? PROBE_DEFAULTS.batchSize;
  const tools = (options.catalog ?? []).map((declared) => {
    const sites = toolSites(toDraft2020(declared.schema, declared.dialect).schema, 1);
    return { declared, sites, groups: sites.sites.length > 0 ? groupSites(sites.sites) : sites.base === undefined ? [] : [[]] };
  });
  const plans = modes.map((mode, index): ModePlan => {
    const profile = documented?.modes.find((known) => known.mode === mode);
    const size = batchSize * (index === 0 ? 1 : LATER_MODE_BATCH_SCALE);
    const scaffold = scaffoldFor(profile);
    const featureBatches = planBatches(probes, profile, size);
    const refusedAlone = (feature: string): boolean => profile?.features[feature]?.status === "rejected";
    const pairBatches = planBatches(pairs.filter((probe) => !refusedAlone(probe.broken) && !refusedAlone(probe.kept)), profile, size);
    const modeTools = profile === undefined ? [] : tools.filter((tool) => tool.declared.role === profile.role);
    let charsIn = 0;
    let charsOut = 0;
    for (const batch of [...featureBatches, ...pairBatches]) {
      const document = buildProbeDocument(batch, scaffold);
      charsIn += JSON.stringify(document.schema).length + buildProbePrompt(document.value).length;
      charsOut += JSON.stringify(document.value).length;
    }
    for (const tool of modeTools) {
      const schemaChars = JSON.stringify(tool.declared.schema).length;
      for (const _group of tool.groups) {
        const asked = JSON.stringify(tool.sites.base ?? null).length;
        charsIn += schemaChars + buildProbePrompt(tool.sites.base ?? null).length;
        charsOut += asked;
      }
    }
    const limitRequests = limits.length;
    const limitMost = limits.reduce((sum, probe) => sum + 2 + probe.maxSteps, 0);
    const toolRequests = modeTools.reduce((sum, tool) => sum + tool.groups.length, 0);
    const sites = modeTools.reduce((sum, tool) => sum + tool.sites.sites.length, 0);
    const planned = featureBatches.length + limitRequests + pairBatches.length + toolRequests;
    // At most: every probe, pair direction and site alone after its batch, every bisection run out.
    const atMost = featureBatches.length + probes.length + limitMost + pairBatches.length + pairs.length + toolRequests + sites;
    return {
      mode,
      features: { probes: probes.length, requests: featureBatches.length },
      limits: { probes: limits.length, requests: limitRequests, atMost: limitMost },
      pairs: { directions: pairs.length, requests: pairBatches.length },
      tools: { tools: modeTools.length, sites, requests: toolRequests },
      planned,
      atMost,
      charsIn,
      charsOut,
    };
  });
  const budget = options.maxRequests ?? PROBE_DEFAULTS.maxRequests;
  const planned = Math.min(budget, plans.reduce((sum, plan) => sum + plan.planned, 0));
  const atMost = Math.min(budget, plans.reduce((sum, plan) => sum + plan.atMost, 0));
  const base = { provider: options.provider, model: options.model, live: options.live, modes: plans, budget, planned, atMost };
  if (!options.live) return base;
  const price = PRICE_TABLE[options.model.replace(/^models\//, "")];
  if (price === undefined) return { ...base, estimateUsd: null };
  const tokensIn = plans.reduce((sum, plan) => sum + plan.charsIn, 0) / CHARS_PER_TOKEN;
  const tokensOut = plans.reduce((sum, plan) => sum + plan.charsOut, 0) / CHARS_PER_TOKEN;
  const usd = (tokensIn * price.inputPerMTok + tokensOut * price.outputPerMTok) / 1_000_000;
  return { ...base, estimateUsd: Math.round(usd * 10_000) / 10_000, priceSource: `${price.source} (${price.date})` };
}

export function formatPlan(plan: ProbePlan): string {
  const lines = [`schemalab probe --plan: ${plan.provider} model ${plan.model}${plan.live ? "" : " (emulated or replayed: nothing is billed)"}`];
  for (const mode of plan.modes) {
    const parts = [
      mode.features.probes > 0 ? `features ${mode.features.requests} (${mode.features.probes} probes)` : "",
      mode.limits.probes > 0 ? `limits ${mode.limits.requests}–${mode.limits.atMost}` : "",
      mode.pairs.directions > 0 ? `pairs ${mode.pairs.requests} (${mode.pairs.directions} directions)` : "",
      mode.tools.tools > 0 ? `tools ${mode.tools.requests} (${mode.tools.tools} tools, ${mode.tools.sites} sites)` : "",
    ].filter((part) => part !== "");
    lines.push(`  ${mode.mode}: ${parts.join(" · ") || "nothing to send"} → ${mode.planned} planned, at most ${mode.atMost}`);
  }
  lines.push(`total: ${plan.planned} requests planned, at most ${plan.atMost} (budget --max-requests ${plan.budget})`);
  if (plan.estimateUsd !== undefined) {
    lines.push(plan.estimateUsd === null ? `est. cost: unknown (no listed price for ${plan.model})` : `est. cost of the planned requests: $${plan.estimateUsd.toFixed(4)} (${plan.priceSource}; about ${CHARS_PER_TOKEN} characters a token)`);
  }
  return `${lines.join("\n")}\n`;
}
