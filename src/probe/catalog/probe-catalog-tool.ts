// One tool in one mode: the schema as check sends it (check's translation), its sites broken in groups
// (catalog-sites.ts), each group one request, each site read from what came back at its place. A group
// whose answer changed the value outside its sites (the model did not follow the request) is sent again
// site by site while the tool's share of the budget lasts. The tool's verdict is read in check's words.
import { isDeepStrictEqual } from "node:util";
import type { ResolvedTarget } from "../../../providers/profiles/load-profiles.js";
import type { Translation } from "../../../providers/translation/translation-types.js";
import type { CheckResult, ProbeSiteResult, ProbeStatus } from "../../report/model.js";
import type { DeclaredSchema, JsonSchema } from "../../schema/types.js";
import { isPointerWithin } from "../../schema/json-pointer.js";
import type { ProbeOutcome } from "../classify-probe-outcome.js";
import { judgeSample } from "../judge-sample.js";
import { buildProbePrompt } from "../probe-prompt.js";
import { answerRoom } from "../run-probe-batch.js";
import { dropNullsForOptionalFields } from "../../../providers/openai/restore-optional-values.js";
import { sendProbeRequest, type ProbeTransport } from "../send-probe-request.js";
import { ABSENT, combine, groupSites, partAt, type SiteBreak, type ToolSites } from "./catalog-sites.js";
import { predictSite } from "./predict-site.js";
import { scanDuplicateKeys } from "../scan-duplicate-keys.js";
import { siteErrors } from "./site-errors.js";

export interface ToolRun {
  readonly transport: ProbeTransport;
  readonly target: ResolvedTarget;
  readonly declared: DeclaredSchema;
  /** The declared schema read as draft 2020-12: what values are judged against. */
  readonly reading: JsonSchema;
  readonly translation: Translation;
  readonly prediction: CheckResult;
  readonly sites: ToolSites;
  /** Requests this tool may send. */
  readonly share: number;
  readonly maxTokens: number;
}

export interface ToolMeasurement {
  readonly measured: string;
  readonly sites: ProbeSiteResult[];
  readonly requests: number;
}

interface SiteReading {
  readonly status: ProbeStatus;
  readonly evidence: Record<string, unknown>;
}

export async function probeCatalogTool(run: ToolRun): Promise<ToolMeasurement> {
  const readings = new Map<SiteBreak, SiteReading>();
  let requests = 0;
  let refusal: SiteReading | undefined;
  const send = async (group: readonly SiteBreak[]): Promise<"followed" | "doubtful" | "refused" | "failed"> => {
    requests += 1;
    const asked = combine(run.sites.base, group);
    const outcome = await sendProbeRequest(run.transport, {
      mode: run.target.mode.mode,
      role: run.target.mode.role,
      schema: run.translation.native as JsonSchema,
      prompt: buildProbePrompt(asked),
      schemaId: `catalog/${run.target.mode.mode}/${run.declared.id}${group.length === 1 ? `#${group[0]!.path}` : `#${group.length}-sites`}`,
      features: group.map((site) => site.feature),
      hints: [run.declared.name],
      maxTokens: answerRoom(run.maxTokens, asked),
      sample: 1,
    });
    return readGroup(outcome, group, asked);
  };
  const readGroup = (outcome: ProbeOutcome, group: readonly SiteBreak[], asked: unknown): "followed" | "doubtful" | "refused" | "failed" => {
    if (outcome.kind === "rejected") {
      refusal = { status: "rejected", evidence: { summary: `HTTP ${outcome.status}: ${outcome.errorText}`, error: outcome.errorText, httpStatus: outcome.status } };
      return "refused";
    }
    if (outcome.kind !== "answered") {
      for (const site of group) readings.set(site, { status: "error", evidence: { summary: outcome.detail } });
      return "failed";
    }
    // The answer as the team's code would read it: check's obligations discharged first (nulls a strict
    // mode wrote for optional fields dropped), so a site is judged on the declared contract.
    const discharged = dropsNulls(run.translation) ? dropNullsForOptionalFields(outcome.value, run.reading) : outcome.value;
    const followed = restKept(asked, discharged, group);
    // A key written twice: the parsed answer holds the last copy only, so the site is read from what the
    // engine let through at all (the copies differ: it took one that breaks, or bent the asked one).
    const twice = scanDuplicateKeys(outcome.rawText).map((duplicate) => `${duplicate.path}/${escape(duplicate.key)}`);
    for (const site of group) {
      const repeated = twice.some((path) => isPointerWithin(site.path, path) || isPointerWithin(path, site.path));
      const reading = readSite(run.reading, site, asked, discharged);
      const read = repeated && reading.status === "ignored" ? { status: "altered" as const, evidence: { summary: `${String(reading.evidence.summary)}, but the answer writes a key at ${site.path || "/"} twice: the engine let a second copy through`, rawText: outcome.rawText.slice(0, 2000) } } : reading;
      readings.set(site, { ...read, ...(followed ? {} : { doubtful: true }) } as SiteReading);
    }
    return followed ? "followed" : "doubtful";
  };
  // A tool without sites is still sent once, with its valid value: that shows whether the schema is taken.
  const groups = run.sites.sites.length > 0 ? groupSites(run.sites.sites) : run.sites.base === undefined ? [] : [[]];
  for (const group of groups) {
    if (refusal !== undefined || requests >= run.share) break;
    const result = await send(group);
    if (result !== "doubtful" || group.length === 1) continue;
    for (const site of group) {
      if (requests >= run.share) break;
      await send([site]);
    }
  }
  return { measured: toolVerdict(run, readings, refusal, requests), sites: siteResults(run, readings, refusal), requests };
}

/** Every place of the asked value outside the broken sites came back as asked (a null for an absent property counts as absent). */
function restKept(asked: unknown, answer: unknown, sites: readonly SiteBreak[]): boolean {
  // A site at the root is the whole value: there is no rest to keep.
  if (sites.some((site) => site.path === "")) return true;
  const blank = (value: unknown, path: string): unknown => {
    if (value === null || typeof value !== "object") return value;
    if (sites.some((site) => site.path !== "" && isPointerWithin(path, site.path))) return "<site>";
    if (Array.isArray(value)) return value.map((item, index) => blank(item, `${path}/${index}`));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (!sites.some((site) => site.path === `${path}/${escape(key)}`)) out[key] = blank(item, `${path}/${escape(key)}`);
    return out;
  };
  return isDeepStrictEqual(dropAddedNulls(blank(asked, ""), blank(answer, "")), blank(asked, ""));
}

function escape(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Properties the answer adds as null where the asked value had none (a strict mode's optional-as-nullable): absent. */
function dropAddedNulls(asked: unknown, answer: unknown): unknown {
  if (answer === null || typeof answer !== "object" || asked === null || typeof asked !== "object") return answer;
  if (Array.isArray(answer)) return Array.isArray(asked) ? answer.map((item, index) => dropAddedNulls(asked[index], item)) : answer;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(answer)) {
    if (item === null && !(key in (asked as object))) continue;
    out[key] = dropAddedNulls((asked as Record<string, unknown>)[key], item);
  }
  return out;
}

/** The break came back (ignored), or was mended (enforced), or changed and still breaks its site (altered). */
function readSite(reading: JsonSchema, site: SiteBreak, asked: unknown, answer: unknown): SiteReading {
  const askedPart = partAt(asked, site.path);
  const part = partAt(answer, site.path);
  const shown = (value: unknown): string => (value === ABSENT ? "(absent)" : JSON.stringify(value)?.slice(0, 120) ?? "undefined");
  if (isDeepStrictEqual(part, askedPart)) return { status: "ignored", evidence: { summary: `the break came back: ${shown(part)} at ${site.path || "/"} (${site.detail})` } };
  if (part === ABSENT && LOST_ON_THE_WAY.has(lastKey(site.path))) {
    // JavaScript object handling (an SDK's, a server's, ours) drops such a key by assignment: its absence
    // does not show the provider saw it, let alone refused it.
    return { status: "error", evidence: { summary: `undetermined: asked ${shown(askedPart)} at ${site.path}, it came back absent, and a '${lastKey(site.path)}' key may be lost on the way: the answer does not show the site was tried` } };
  }
  const judgement = judgeSample(reading, answer);
  // The site's own errors only (site-errors.ts): what the mended part breaks beside it is another site's business.
  const own = judgement.valid ? [] : siteErrors(judgement.errors, site.feature, site.path);
  if (own.length > 0) return { status: "altered", evidence: { summary: `asked ${shown(askedPart)}, ${shown(part)} came back at ${site.path || "/"}: changed, and still breaks ${site.feature}` } };
  const beside = judgement.valid ? [] : judgement.errors.filter((error) => site.path === "" || isPointerWithin(error.instancePath, site.path) || isPointerWithin(site.path, error.instancePath));
  const note = beside.length === 0 ? "" : `; the answer breaks ${[...new Set(beside.map((error) => `${error.keyword} at ${error.instancePath || "/"}`))].slice(0, 3).join(", ")} beside it (other sites)`;
  return { status: "enforced", evidence: { summary: `asked ${shown(askedPart)}, ${shown(part)} came back at ${site.path || "/"}: mended${note}` } };
}

/** The key that object assignment turns into a prototype edit (and so drops). */
const LOST_ON_THE_WAY = new Set(["__proto__"]);

function lastKey(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/~1/g, "/").replace(/~0/g, "~");
}

function siteResults(run: ToolRun, readings: ReadonlyMap<SiteBreak, SiteReading>, refusal: SiteReading | undefined): ProbeSiteResult[] {
  return run.sites.sites.map((site) => {
    const reading = refusal ?? readings.get(site);
    const prediction = predictSite({ prediction: run.prediction, mode: run.target.mode, translation: run.translation, base: run.sites.base }, site);
    const base = { feature: site.feature, path: site.path, predicted: prediction.status, predictedFrom: prediction.ground };
    if (reading === undefined) return { ...base, status: "not-probed", evidence: { summary: "not probed: budget" } };
    const doubtful = (reading as { doubtful?: boolean }).doubtful === true;
    return { ...base, status: doubtful ? "error" : reading.status, evidence: doubtful ? { ...reading.evidence, summary: `undetermined: the rest of the value changed too, so the answer does not show this site was tried; read otherwise as ${reading.status}` } : reading.evidence };
  });
}

/** The translation made optional properties required and nullable (OpenAI strict): check's drop-nulls obligation. */
function dropsNulls(translation: Translation): boolean {
  return translation.changes.some((change) => change.feature === "optional");
}

function toolVerdict(run: ToolRun, readings: ReadonlyMap<SiteBreak, SiteReading>, refusal: SiteReading | undefined, requests: number): string {
  if (refusal !== undefined) return "rejected";
  if (requests === 0) return run.sites.base === undefined ? `undetermined: ${run.sites.none ?? "no sites"}` : "not probed: budget";
  if (run.sites.sites.length === 0) return run.translation.changes.length > 0 ? "translated" : "native";
  const read = [...readings.values()].filter((reading) => reading.status !== "error" && (reading as { doubtful?: boolean }).doubtful !== true);
  if (read.length === 0) return "undetermined";
  if (read.some((reading) => reading.status === "ignored" || reading.status === "altered")) return "needs-local-validation";
  return run.translation.changes.length > 0 ? "translated" : "native";
}
