// The probe's result in the profile's shape (so `check --matrix` reads it like a documented profile),
// and its diff against the documented profile. Cells the probe did not measure keep their documented
// source; `error` cells become `unknown` with the reason in the note.
import { featureInfo } from "../schema/features.js";
import { LOST_PREFIX } from "../check/pair-cells.js";
import { ruleMayRefuse } from "../../providers/translation/keyword-combination-rules.js";
import { isProfileGap, type ProbeCell, type ProfileCellDiff, type ProbeStatus } from "../report/model.js";
import type { FeatureCell, LimitName, MeasuredMatrix, ModeLimits, ModeProfile, ProviderProfile } from "../../providers/profiles/profile-types.js";

export interface MeasuredMode {
  readonly mode: string;
  readonly role: "tool-input" | "structured-output";
  readonly features: Readonly<Record<string, ProbeCell>>;
  /** Exact limits found (largest accepted size), and limits tried with no refusal met (null). */
  readonly limits: Readonly<Partial<Record<LimitName, number | null>>>;
  /** Keyword-pair cells (`minLength+pattern`), when pairs were probed. */
  readonly pairs?: Readonly<Record<string, ProbeCell>>;
}

export interface MatrixInput {
  readonly documented: ProviderProfile | undefined;
  readonly provider: string;
  readonly model: string;
  readonly measuredAt: string;
  readonly emulated: boolean;
  readonly settingsLine: string;
  readonly modes: readonly MeasuredMode[];
}

/** A measured cell's source: `schemalab-probe:<provider>@<model>@<when>`, `schemalab-probe-emulator:` for an emulator run. */
export function probeSource(provider: string, model: string, measuredAt: string, emulated: boolean): string {
  return `schemalab-probe${emulated ? "-emulator" : ""}:${provider}@${model}@${measuredAt}`.replace(/\s+/g, "_");
}

export function buildMeasuredMatrix(input: MatrixInput): MeasuredMatrix {
  const said = `schemalab probe${input.emulated ? " of the EMULATOR (not the real provider)" : ""}: ${input.provider} model ${input.model}, ${input.measuredAt}`;
  const source = probeSource(input.provider, input.model, input.measuredAt, input.emulated);
  const date = input.measuredAt.slice(0, 10);
  const documentedSources = (input.documented?.sources ?? []).filter((known) => known !== source);
  return {
    provider: input.documented?.provider ?? input.provider,
    version: `measured-${input.measuredAt}`,
    date,
    description: `${said}. Settings: ${input.settingsLine}`,
    sources: [source, ...documentedSources],
    measuredAt: input.measuredAt,
    model: input.model,
    modes: input.modes.map((mode) => measuredModeProfile(mode, input.documented?.modes.find((known) => known.mode === mode.mode), source, date)),
  };
}

function measuredModeProfile(measured: MeasuredMode, documented: ModeProfile | undefined, source: string, date: string): ModeProfile {
  const base = documented ?? skeletonMode(measured, date, source);
  const features: Record<string, FeatureCell> = { ...base.features };
  for (const [feature, cell] of Object.entries(measured.features)) features[feature] = matrixCell(cell, source, date);
  const pairs = measured.pairs === undefined ? {} : { pairs: { ...base.pairs, ...Object.fromEntries(Object.entries(measured.pairs).map(([pair, cell]) => [pair, pairMatrixCell(cell, source, date)])) } };
  return { ...base, features, limits: measuredLimits(base.limits, measured.limits), limitSource: { source, quote: "limits measured by bisection", date, evidence: "observed", note: "limits measured by bisection where a limit probe ran; others as documented" }, ...pairs };
}

function matrixCell(cell: ProbeCell, source: string, date: string): FeatureCell {
  const evidence = (cell.evidence ?? {}) as { summary?: string; error?: string };
  const note = (evidence.summary ?? "").slice(0, 500);
  // The quote is what the probe saw: the provider's refusal text, or its own summary of the exchange.
  const quote = (typeof evidence.error === "string" && evidence.error !== "" ? evidence.error : note || `measured ${cell.status}`).slice(0, 400);
  if (cell.status === "error") return { status: "unknown", source, quote, date, evidence: "observed", note: `probe error: ${note}` };
  const error = cell.status === "rejected" && typeof evidence.error === "string" && evidence.error !== "" ? { error: evidence.error } : {};
  return { status: cell.status, source, quote, date, evidence: "observed", ...(note === "" ? {} : { note }), ...error };
}

/** A pair cell names the keywords lost or bent beside the other first (`lost: minLength;`), for check. */
function pairMatrixCell(cell: ProbeCell, source: string, date: string): FeatureCell {
  const plain = matrixCell(cell, source, date);
  const directions = ((cell.evidence ?? {}) as { directions?: { broken: string; status: string }[] }).directions ?? [];
  const lost = directions.filter((direction) => direction.status === cell.status && (cell.status === "ignored" || cell.status === "altered")).map((direction) => direction.broken);
  return lost.length === 0 ? plain : { ...plain, note: `${LOST_PREFIX}${lost.join(", ")}; ${plain.note ?? ""}`.slice(0, 600) };
}

function measuredLimits(documented: ModeLimits, measured: MeasuredMode["limits"]): ModeLimits {
  const limits: Record<string, number> = { ...(documented as Record<string, number>) };
  for (const [name, value] of Object.entries(measured)) {
    if (value === null) delete limits[name];
    else if (value !== undefined && value >= 1) limits[name] = value;
  }
  return limits as ModeLimits;
}

/** A mode the documented profile does not list (e.g. a strict variant of an OpenAI-compatible server). */
function skeletonMode(measured: MeasuredMode, date: string, source: string): ModeProfile {
  const fact = { source, quote: "not documented; measured by schemalab probe", date, evidence: "observed" as const };
  return {
    mode: measured.mode,
    description: "measured by schemalab probe; not in the documented profile",
    role: measured.role,
    enforcement: "unknown",
    translator: "json-schema-subset",
    request: { fragment: {}, schemaAt: "" },
    features: {},
    limits: {},
    limitScope: "schema",
    limitSource: fact,
    rules: {},
    ruleSource: fact,
    unsupportedKeywordPolicy: "unknown",
    fallback: "validate-and-retry",
  };
}

export type ProfileDiff = ProfileCellDiff;

/** A probe's measured cells beside the profile: what contradicts it, and what it did not know. */
export interface ProfileComparison {
  /** A measured verdict where the profile states another (documented or observed). */
  readonly contradictions: ProfileDiff[];
  /** A measured verdict where the profile's cell is `unknown` or absent (`undocumented`). */
  readonly measuredWhereUnknown: ProfileDiff[];
}

/**
 * Every measured cell beside the profile's. An `error` cell measured nothing, so it is in neither list
 * (the matrix keeps it, with its reason). For annotations, documented `ignored` and measured `enforced`
 * both mean "accepted": a probe cannot tell them apart, so they are not a difference.
 */
export function compareWithProfile(documented: ProviderProfile | undefined, modes: readonly MeasuredMode[]): ProfileComparison {
  const contradictions: ProfileDiff[] = [];
  const measuredWhereUnknown: ProfileDiff[] = [];
  for (const mode of modes) {
    const known = documented?.modes.find((other) => other.mode === mode.mode);
    const cells = known?.features ?? {};
    for (const [feature, cell] of Object.entries(mode.features)) {
      if (cell.status === "error") continue;
      const was = cells[feature]?.status ?? "undocumented";
      const entry = { mode: mode.mode, feature, documented: was, measured: cell.status };
      if (isProfileGap(was)) measuredWhereUnknown.push(entry);
      else if (!sameReading(feature, was, cell.status) && !ruleExplains(known, feature, cell.status)) contradictions.push(entry);
    }
  }
  return { contradictions, measuredWhereUnknown };
}

function sameReading(feature: string, documented: string, measured: ProbeStatus): boolean {
  if (documented === measured) return true;
  return featureInfo(feature).category === "annotation" && documented === "ignored" && measured === "enforced";
}

/**
 * A refusal the mode's rules predict although the cell takes the feature elsewhere: Anthropic takes
 * minItems 0 and 1 only (the probe asks for 2); xgrammar refuses propertyNames beside properties.
 */
function ruleExplains(mode: ModeProfile | undefined, feature: string, measured: ProbeStatus): boolean {
  return measured === "rejected" && mode !== undefined && ruleMayRefuse(mode.rules, feature);
}
