// The probe suite (suites/probes/*.json): one probe per feature id, plus the limit probes. Read at run
// time so the built CLI and the tests use the same files; a malformed file is bad input, named with its place.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "../package-root.js";
import { isFeatureId } from "../schema/features.js";
import type { JsonSchema } from "../schema/types.js";
import type { LimitName } from "../../providers/profiles/profile-types.js";

/** Bump when a probe's schema or tempting value changes: records carry it as the schema version. */
export const PROBE_SUITE_VERSION = "2";

/**
 * How a probe's samples are read. `violation`: the tempting value breaks exactly the feature, so a
 * sample that conforms means enforced. `acceptance`: nothing can break the feature (annotations, a
 * non-object root), so the probe measures that the schema is accepted and the asked value comes back.
 */
export type ProbeKind = "violation" | "acceptance";

/** Probe-specific readings of a sample, for features whose `altered` has a shape of its own. */
export type ProbeClassifier = "enum-casing" | "oneOf-exclusivity" | "optional-fields" | "extra-kept" | "recursion-depth" | "property-order";

export interface ProbeVerdicts {
  readonly enforced: string;
  readonly ignored: string;
  readonly rejected: string;
  readonly altered?: string;
}

export interface FeatureProbe {
  readonly feature: string;
  readonly kind: ProbeKind;
  readonly schema: JsonSchema;
  /** Definitions the schema refers to as `#/$defs/<name>`; hoisted to the document root when sent. */
  readonly defs?: Readonly<Record<string, JsonSchema>>;
  /** The value the prompt asks for, verbatim. */
  readonly tempting: unknown;
  readonly verdicts: ProbeVerdicts;
  readonly classifier?: ProbeClassifier;
  /** Keywords whose errors count as breaking the feature, when not the taxonomy's (siblings of `$ref`). */
  readonly keywords?: readonly string[];
  /** An acceptance probe whose asked value came back takes this feature's ignored/enforced reading. */
  readonly companion?: string;
  /** `root`: the schema is the whole document (a non-object root), never batched. */
  readonly placement: "property" | "root";
  /** Do not add `additionalProperties: false` to this probe's object, even where the mode wants it. */
  readonly open: boolean;
  /**
   * Where the mode demands every property be required, make this probe's optional properties required
   * (its optionality serves other modes, not the feature it probes).
   */
  readonly requireWhereDemanded: boolean;
  readonly file: string;
}

/**
 * What a limit probe grows: properties, object levels, enum values, characters of names and enum values,
 * optional properties, union properties (anyOf), or tools in one request (tool modes only).
 */
export type LimitShape = "properties" | "nesting" | "enum" | "string-length" | "optional" | "union" | "tools";

export interface LimitProbe {
  readonly feature: string;
  readonly shape: LimitShape;
  /**
   * The profile limits that give the first size to try, in order: the first the mode documents is the
   * one tried and measured (the first listed when none is).
   */
  readonly documentedLimits: readonly LimitName[];
  /** The size tried when no limit is documented; also the largest size ever tried. */
  readonly ceiling: number;
  /** At most this many requests in the bisection after the first tries. */
  readonly maxSteps: number;
  readonly verdicts: ProbeVerdicts;
}

export interface ProbeSuite {
  readonly version: string;
  readonly probes: readonly FeatureProbe[];
  readonly limits: readonly LimitProbe[];
}

export class ProbeSuiteError extends Error {
  override readonly name = "ProbeSuiteError";
  constructor(file: string, place: string, reason: string) {
    super(`${file} at ${place}: ${reason}`);
  }
}

const CLASSIFIERS = new Set<string>(["enum-casing", "oneOf-exclusivity", "optional-fields", "extra-kept", "recursion-depth", "property-order"]);
const SHAPES = new Set<string>(["properties", "nesting", "enum", "string-length", "optional", "union", "tools"]);

const cache = new Map<string, ProbeSuite>();

export function loadProbeSuite(dir: string = fromRoot("suites", "probes")): ProbeSuite {
  const known = cache.get(dir);
  if (known) return known;
  const probes: FeatureProbe[] = [];
  const limits: LimitProbe[] = [];
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith(".json")).sort()) {
    const file = join(dir, name);
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { probes?: unknown[]; limits?: unknown[] };
    (parsed.probes ?? []).forEach((raw, index) => probes.push(readFeatureProbe(raw, file, `/probes/${index}`)));
    (parsed.limits ?? []).forEach((raw, index) => limits.push(readLimitProbe(raw, file, `/limits/${index}`)));
  }
  const suite = { version: PROBE_SUITE_VERSION, probes, limits };
  cache.set(dir, suite);
  return suite;
}

function readFeatureProbe(raw: unknown, file: string, place: string): FeatureProbe {
  const record = asRecord(raw, file, place);
  const feature = featureOf(record, file, place);
  if (!("schema" in record) || !("tempting" in record)) throw new ProbeSuiteError(file, place, "a probe needs 'schema' and 'tempting'");
  const kind = record.kind ?? "violation";
  if (kind !== "violation" && kind !== "acceptance") throw new ProbeSuiteError(file, `${place}/kind`, `unknown kind '${String(kind)}'`);
  if (record.classifier !== undefined && !CLASSIFIERS.has(String(record.classifier))) {
    throw new ProbeSuiteError(file, `${place}/classifier`, `unknown classifier '${String(record.classifier)}'`);
  }
  if (record.companion !== undefined && !isFeatureId(String(record.companion))) throw new ProbeSuiteError(file, `${place}/companion`, "not a feature id");
  return {
    feature,
    kind,
    schema: record.schema as JsonSchema,
    ...(record.defs === undefined ? {} : { defs: asRecord(record.defs, file, `${place}/defs`) as Record<string, JsonSchema> }),
    tempting: record.tempting,
    verdicts: readVerdicts(record.verdicts, file, `${place}/verdicts`),
    ...(record.classifier === undefined ? {} : { classifier: record.classifier as ProbeClassifier }),
    ...(record.companion === undefined ? {} : { companion: String(record.companion) }),
    ...(Array.isArray(record.keywords) ? { keywords: record.keywords.map(String) } : {}),
    placement: record.placement === "root" ? "root" : "property",
    open: record.open === true,
    requireWhereDemanded: record.requireWhereDemanded === true,
    file,
  };
}

function readLimitProbe(raw: unknown, file: string, place: string): LimitProbe {
  const record = asRecord(raw, file, place);
  const feature = featureOf(record, file, place);
  if (!SHAPES.has(String(record.shape))) throw new ProbeSuiteError(file, `${place}/shape`, `unknown shape '${String(record.shape)}'`);
  for (const key of ["ceiling", "maxSteps"]) {
    if (!Number.isInteger(record[key]) || (record[key] as number) < 1) throw new ProbeSuiteError(file, `${place}/${key}`, "a positive integer is needed");
  }
  const documented = Array.isArray(record.documentedLimit) ? record.documentedLimit.map(String) : [String(record.documentedLimit)];
  if (documented.length === 0 || documented.some((name) => name === "undefined")) throw new ProbeSuiteError(file, `${place}/documentedLimit`, "a limit name (or a list of them) is needed");
  return {
    feature,
    shape: record.shape as LimitShape,
    documentedLimits: documented as LimitName[],
    ceiling: record.ceiling as number,
    maxSteps: record.maxSteps as number,
    verdicts: readVerdicts(record.verdicts, file, `${place}/verdicts`),
  };
}

function featureOf(record: Record<string, unknown>, file: string, place: string): string {
  const feature = String(record.feature);
  if (!isFeatureId(feature)) throw new ProbeSuiteError(file, `${place}/feature`, `'${feature}' is not a feature id of the taxonomy`);
  return feature;
}

function readVerdicts(raw: unknown, file: string, place: string): ProbeVerdicts {
  const record = asRecord(raw, file, place);
  for (const key of ["enforced", "ignored", "rejected"]) {
    if (typeof record[key] !== "string") throw new ProbeSuiteError(file, `${place}/${key}`, "a verdict text is needed");
  }
  return record as unknown as ProbeVerdicts;
}

function asRecord(raw: unknown, file: string, place: string): Record<string, unknown> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new ProbeSuiteError(file, place, "an object is needed");
  return raw as Record<string, unknown>;
}
