// runProbe: every selected feature (and limit) in every selected mode of one provider, within the request
// budget and concurrency, through record/replay when asked, into one probe section of the results model
// with the measured matrix and its diff against the documented profile.
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { MeasuredMatrix, ProviderProfile } from "../../providers/profiles/profile-types.js";
import type { FetchLike } from "../../providers/wire/wire-send-request.js";
import type { ProviderId } from "../../providers/wire/wire-types.js";
import type { ProbeCell, ProbeSection } from "../report/model.js";
import { recordingFetch, replayingFetch } from "./cassette.js";
import { buildMeasuredMatrix, compareWithProfile, type MeasuredMode } from "./measured-matrix.js";
import type { ProbeRecord } from "./probe-record.js";
import { probeMode } from "./probe-mode.js";
import { loadProbeSuite } from "./probe-suite.js";
import { buildPairProbes } from "./pairs/pair-suite.js";
import { catalogFeatures, probeCatalog } from "./catalog/probe-catalog.js";
import type { DeclaredSchema } from "../schema/types.js";
import { boundEvidence } from "./judge-bounds.js";
import { secretScrubber } from "./redact-secret.js";
import { RequestGate } from "./request-gate.js";
import { DEFAULT_RETRY_POLICY, type ProbeTransport, type RetryPolicy } from "./send-probe-request.js";

export interface RunProbeOptions {
  readonly provider: ProviderId;
  readonly model: string;
  /** Default: every mode of the documented profile. */
  readonly modes?: readonly string[];
  /** API root as the provider's SDK takes it; default the provider's own. */
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** Provider-specific wire options passed to the request builder (Bedrock: `awsCredentials`, `region`). */
  readonly wireOptions?: Readonly<Record<string, unknown>>;
  /** Default: every feature of the suite. */
  readonly features?: readonly string[];
  /**
   * Keyword pairs (pair-suite.ts): `also` beside the single features, `only` instead of them (no single
   * features, no limits). Pairs cover the features in play: `pairFeatures`, else `features`, else all.
   */
  readonly pairs?: "also" | "only";
  readonly pairFeatures?: readonly string[];
  /** `probe --catalog`: these tools instead of the single-feature suite (pairs over their features when asked). */
  readonly catalog?: readonly DeclaredSchema[];
  readonly samples?: number;
  readonly concurrency?: number;
  readonly maxRequests?: number;
  /** Write cassettes here. */
  readonly record?: string;
  /** Answer from cassettes here, with no network. */
  readonly replay?: string;
  /** The target is an emulator (also set when any response carries the emulator's header). */
  readonly emulated?: boolean;
  readonly stream?: boolean;
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly batchSize?: number;
  readonly maxTokens?: number;
  /** The documented profile to plan with and diff against; default the provider's profile.json. */
  readonly profile?: ProviderProfile;
  readonly fetchImpl?: FetchLike;
  readonly now?: () => Date;
  /** Body bound per response, counted after decompression (default 16 MB). */
  readonly maxResponseBytes?: number;
  /** The whole probe's time bound: past it nothing more is sent and what is in flight is aborted. */
  readonly deadlineMs?: number;
  /** Aborted (reason "interrupted" or a signal name) to stop the probe early: the matrix so far is returned, marked incomplete. */
  readonly stop?: AbortSignal;
}

export interface ProbeSettings {
  readonly samples: number;
  readonly concurrency: number;
  readonly maxRequests: number;
  readonly batchSize: number;
  readonly stream: boolean;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly modes: readonly string[];
  readonly features: readonly string[] | "all";
  /** Keyword pairs probed beside (or instead of) the single features. */
  readonly pairs?: "also" | "only";
  readonly suiteVersion: string;
  readonly source: "live" | "record" | "replay";
  readonly requestsSent: number;
  readonly wallTimeMs: number;
  readonly maxResponseBytes?: number;
  readonly deadlineMs?: number;
  /** Set when the probe stopped early (deadline, signal): the matrix is partial. */
  readonly incomplete?: string;
}

/** The probe section plus what the design lets it add: the settings and the measured matrix. */
export interface ProbeRunSection extends ProbeSection {
  readonly records: readonly ProbeRecord[];
  readonly settings: ProbeSettings;
  readonly matrix: MeasuredMatrix;
  /** Why the probe stopped before every cell was measured ("deadline", "SIGTERM"...); its unfinished cells are errors. */
  readonly incomplete?: string;
}

/** Batches in the modes after the first, which know the first mode's refusals, are this many times larger. */
const LATER_MODE_BATCH_SCALE = 4;

export const PROBE_DEFAULTS = { samples: 1, concurrency: 4, maxRequests: 300, batchSize: 12, timeoutMs: 60_000, maxTokens: 1024 } as const;

export async function runProbe(options: RunProbeOptions): Promise<ProbeRunSection> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const documented = options.profile ?? documentedProfile(options.provider);
  const modes = options.modes ?? documented?.modes.map((mode) => mode.mode) ?? [];
  const suite = loadProbeSuite();
  const selected = (feature: string): boolean => options.features === undefined || options.features.includes(feature);
  const samples = options.samples ?? PROBE_DEFAULTS.samples;
  const gate = new RequestGate(options.concurrency ?? PROBE_DEFAULTS.concurrency, options.maxRequests ?? PROBE_DEFAULTS.maxRequests);
  const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const stop = stopSignal(options);
  const transport: ProbeTransport = {
    provider: options.provider,
    model: options.model,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.wireOptions === undefined ? {} : { wireOptions: options.wireOptions }),
    stream: options.stream ?? false,
    timeoutMs: options.timeoutMs ?? PROBE_DEFAULTS.timeoutMs,
    fetchImpl: fetchFor(options),
    scrub: secretScrubber(options.apiKey),
    stop: stop.signal,
    ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
    retry,
    gate,
    records: [],
    sawEmulator: { value: false },
    authFailure: { detail: null },
  };
  const batchSize = options.batchSize ?? PROBE_DEFAULTS.batchSize;
  const singles = options.pairs !== "only" && options.catalog === undefined;
  const pairProbes = options.pairs === undefined ? [] : buildPairProbes(pairFeaturesOf(options));
  const probeOne = (mode: string, refusedElsewhere: ReadonlySet<string>, batchScale: number): Promise<MeasuredMode> =>
    probeMode({
      transport,
      mode,
      documented: documented?.modes.find((known) => known.mode === mode),
      probes: singles ? suite.probes.filter((probe) => selected(probe.feature)) : [],
      limits: singles ? suite.limits.filter((probe) => selected(probe.feature)) : [],
      ...(pairProbes.length === 0 ? {} : { pairs: pairProbes }),
      samples,
      batchSize: batchSize * batchScale,
      maxTokens: options.maxTokens ?? PROBE_DEFAULTS.maxTokens,
      refusedElsewhere,
    });
  // The first mode teaches the rest: a feature it refused is planned alone elsewhere, so refusals that
  // do not name their keyword are pinned by group testing once, not once per mode; the features it
  // accepted share batches four times as large (an accepted batch costs one request however large).
  const measured: MeasuredMode[] = [];
  if (modes.length > 0) measured.push(await probeOne(modes[0]!, new Set(), 1));
  const refused = new Set(Object.entries(measured[0]?.features ?? {}).filter(([, cell]) => cell.status === "rejected").map(([feature]) => feature));
  measured.push(...(await Promise.all(modes.slice(1).map((mode) => probeOne(mode, refused, LATER_MODE_BATCH_SCALE)))));
  const catalog =
    options.catalog === undefined || documented === undefined
      ? undefined
      : await probeCatalog({ transport, profile: documented, modes, declared: options.catalog, maxRequests: Math.max(0, gate.maxRequests - gate.requestsSent), maxTokens: options.maxTokens ?? PROBE_DEFAULTS.maxTokens, emulated: options.emulated === true });
  stop.done();
  const incomplete = stop.signal.aborted ? String(stop.signal.reason) : undefined;
  // Evidence bounded in size before anything is written (a deep or huge answer stays one cut value).
  const bounded = (cells: Readonly<Record<string, ProbeCell>>): Record<string, ProbeCell> => Object.fromEntries(Object.entries(cells).map(([feature, cell]) => [feature, { ...cell, evidence: boundEvidence(cell.evidence) }]));
  measured.splice(0, measured.length, ...measured.map((mode) => ({ ...mode, features: bounded(mode.features), ...(mode.pairs === undefined ? {} : { pairs: bounded(mode.pairs) }) })));
  const measuredAt = now().toISOString();
  const emulated = options.emulated === true || transport.sawEmulator.value;
  const settings: ProbeSettings = {
    samples,
    concurrency: options.concurrency ?? PROBE_DEFAULTS.concurrency,
    maxRequests: options.maxRequests ?? PROBE_DEFAULTS.maxRequests,
    batchSize: options.batchSize ?? PROBE_DEFAULTS.batchSize,
    stream: transport.stream,
    timeoutMs: transport.timeoutMs,
    maxRetries: retry.maxRetries,
    modes,
    features: options.features ?? "all",
    ...(options.pairs === undefined ? {} : { pairs: options.pairs }),
    suiteVersion: suite.version,
    source: options.replay !== undefined ? "replay" : options.record !== undefined ? "record" : "live",
    requestsSent: gate.requestsSent,
    wallTimeMs: Date.now() - started,
    ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
    ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
    ...(incomplete === undefined ? {} : { incomplete }),
  };
  const comparison = compareWithProfile(documented, measured);
  const matrix = buildMeasuredMatrix({ documented, provider: options.provider, model: options.model, measuredAt, emulated, settingsLine: settingsLine(settings), modes: measured });
  return {
    kind: "probe",
    provider: options.provider,
    model: options.model,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    emulated,
    measuredAt,
    modes: measured.map((mode) => ({ mode: mode.mode, features: mode.features, ...(mode.pairs === undefined ? {} : { pairs: mode.pairs }) })),
    ...(catalog === undefined ? {} : { catalog }),
    records: sortRecords(transport.records, modes),
    diffFromProfile: comparison.contradictions,
    measuredWhereUnknown: comparison.measuredWhereUnknown,
    settings,
    matrix,
    ...(incomplete === undefined ? {} : { incomplete }),
  };
}

/** One stop for the probe: the caller's signal, or the deadline, whichever comes first; `done` clears the timer. */
function stopSignal(options: RunProbeOptions): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const onStop = (): void => controller.abort(typeof options.stop?.reason === "string" ? options.stop.reason : "interrupted");
  if (options.stop?.aborted) onStop();
  options.stop?.addEventListener("abort", onStop, { once: true });
  const timer = options.deadlineMs === undefined ? undefined : setTimeout(() => controller.abort("deadline"), options.deadlineMs);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      options.stop?.removeEventListener("abort", onStop);
    },
  };
}

function pairFeaturesOf(options: RunProbeOptions): ReadonlySet<string> | undefined {
  const features = options.pairFeatures ?? (options.catalog === undefined ? options.features : catalogFeatures(options.catalog));
  return features === undefined ? undefined : new Set(features);
}

function documentedProfile(provider: ProviderId): ProviderProfile | undefined {
  return loadProfiles().find((profile) => profile.provider === provider);
}

function fetchFor(options: RunProbeOptions): FetchLike | undefined {
  if (options.replay !== undefined) return replayingFetch(options.replay);
  if (options.record !== undefined) return recordingFetch(options.record, options.fetchImpl ?? fetch, options.apiKey, options.maxResponseBytes);
  return options.fetchImpl;
}

function settingsLine(settings: ProbeSettings): string {
  const { requestsSent, wallTimeMs, ...rest } = settings;
  return JSON.stringify({ ...rest, requestsSent });
}

/** Records land in the order requests finish; sorted, a run reads the same every time. */
function sortRecords(records: readonly ProbeRecord[], modes: readonly string[]): ProbeRecord[] {
  const modeIndex = (record: ProbeRecord): number => modes.indexOf(record.requestedMode);
  return [...records].sort((a, b) => modeIndex(a) - modeIndex(b) || a.schemaId.localeCompare(b.schemaId) || a.sample - b.sample);
}
