// The benchmark's JSON document and the targets, each judged pass or miss.
import type { BundleMeasurement, CoreImportMeasurement } from "./measure-bundle.js";
import type { SubjectMeasurement } from "./measure-bench.js";
import type { PatternEngineMeasurement } from "./measure-patterns.js";

export const TARGETS = {
  /** lite validations per second over Ajv's, on valid and on invalid (all errors) instances. */
  validateRatio: 1.0,
  /** Ajv compile time over lite's. */
  compileRatio: 100,
  /** 8 KB = 8192 bytes, gzip -9 of the minified bundle of schemalab/lite/core (on the way to 6 KB). */
  coreBundleGzipBytes: 8 * 1024,
} as const;

export interface TargetResult {
  readonly subject: string;
  readonly target: string;
  readonly measured: number | null;
  readonly pass: boolean;
}

export interface SubjectReport extends SubjectMeasurement {
  /** Against the reference; absent for the reference itself. */
  readonly ratios?: { readonly validate: number; readonly validateInvalid: number; readonly compile: number };
  /** The lowest and highest of the same ratios taken round by round (same round, same minute): how far one run can be trusted. */
  readonly ratioRange?: { readonly validate: readonly [number, number]; readonly validateInvalid: readonly [number, number]; readonly compile: readonly [number, number] };
}

export interface CorpusSummary {
  readonly schemas: number;
  readonly validInstances: number;
  readonly invalidInstances: number;
  readonly excluded: readonly { readonly schemaId: string; readonly reason: string }[];
  /** Instances left out because the timed validators (Ajv and the candidates) disagree on them. */
  readonly disputed?: readonly { readonly schemaId: string; readonly instances: number; readonly reason: string }[];
}

export interface CorpusReport extends CorpusSummary {
  readonly name: string;
  readonly description: string;
  readonly subjects: readonly SubjectReport[];
  /** Peers that refused a schema of this corpus (even as a user would configure them), so were not timed on it. */
  readonly peersNotMeasured: readonly { readonly name: string; readonly reason: string }[];
}

export interface BenchReport {
  readonly kind: "bench";
  /** The subject every ratio is against: Ajv with default options. */
  readonly reference: string;
  readonly seed: number;
  readonly timeMs: number;
  /** How each subject is configured (as its users run it). */
  readonly setups: readonly { readonly name: string; readonly setup: string }[];
  /** Each corpus with its own figures: catalogs, tool-shaped, real-producers, github-openapi (when present). */
  readonly corpora: readonly CorpusReport[];
  /** Corpora that could not be built, and why (GitHub's description absent, producers not installed). */
  readonly absentCorpora: readonly { readonly name: string; readonly reason: string }[];
  /** Peers that are not installed. */
  readonly absentPeers: readonly string[];
  /** Schemas Ajv's default strict mode refused, compiled with `strict: false` as a user would. */
  readonly ajvStrictFallbacks: readonly string[];
  /** Load average at the start and the end (a shared machine skews every subject alike; ratios are what count). */
  readonly loadAverage: { readonly start: readonly number[]; readonly end: readonly number[] };
  /** Pattern tests per second: native RegExp, lite's linear matcher, re2js. */
  readonly patternEngines: PatternEngineMeasurement;
  /** schemalab/lite (every dialect, with formats) and schemalab/lite/core (draft 2020-12, without). */
  readonly bundle: BundleMeasurement;
  readonly coreBundle: BundleMeasurement;
  /** What a program importing compileWith and some keyword modules of core ships (the rest tree-shaken away). */
  readonly coreImports: readonly CoreImportMeasurement[];
  readonly targets: readonly TargetResult[];
}

function roundRange(measured: SubjectMeasurement, reference: SubjectMeasurement, pick: (round: { valid: number; invalid: number; compile: number }) => number): [number, number] | undefined {
  const mine = measured.rounds;
  const theirs = reference.rounds;
  if (!mine || !theirs || mine.length !== theirs.length || mine.length === 0) return undefined;
  const ratios = mine.map((round, i) => pick(round) / pick(theirs[i]!));
  return [Math.min(...ratios), Math.max(...ratios)];
}

export function withRatios(measured: SubjectMeasurement, reference: SubjectMeasurement): SubjectReport {
  if (measured === reference) return measured;
  const validate = roundRange(measured, reference, (r) => r.valid);
  const validateInvalid = roundRange(measured, reference, (r) => r.invalid);
  const compile = roundRange(measured, reference, (r) => r.compile);
  return {
    ...measured,
    ...(validate && validateInvalid && compile ? { ratioRange: { validate, validateInvalid, compile } } : {}),
    ratios: {
      validate: measured.validPerSecond / reference.validPerSecond,
      validateInvalid: measured.invalidPerSecond / reference.invalidPerSecond,
      compile: reference.compileMicrosPerSchema / measured.compileMicrosPerSchema,
    },
  };
}

function ratioTargets(subjects: readonly SubjectReport[], corpus: string, liteName: string): TargetResult[] {
  const results: TargetResult[] = [];
  for (const { name, ratios } of subjects) {
    if (!ratios || name !== liteName) continue;
    results.push(
      { subject: name, target: `validate valid >= ${TARGETS.validateRatio}x Ajv (${corpus})`, measured: ratios.validate, pass: ratios.validate >= TARGETS.validateRatio },
      { subject: name, target: `validate invalid (all errors) >= ${TARGETS.validateRatio}x Ajv (${corpus})`, measured: ratios.validateInvalid, pass: ratios.validateInvalid >= TARGETS.validateRatio },
      { subject: name, target: `compile >= ${TARGETS.compileRatio}x faster than Ajv (${corpus})`, measured: ratios.compile, pass: ratios.compile >= TARGETS.compileRatio },
    );
  }
  return results;
}

/** The ratio targets of lite on each corpus, then the core bundle's size (the peers are context, not targets). */
export function judgeTargets(corpora: readonly { readonly name: string; readonly subjects: readonly SubjectReport[] }[], coreBundle: BundleMeasurement, liteName: string): TargetResult[] {
  const gzipBytes = "gzipBytes" in coreBundle ? coreBundle.gzipBytes : null;
  return [
    ...corpora.flatMap((corpus) => ratioTargets(corpus.subjects, corpus.name, liteName)),
    { subject: `${liteName}/core`, target: `bundle <= ${TARGETS.coreBundleGzipBytes / 1024} KB gzip`, measured: gzipBytes, pass: gzipBytes !== null && gzipBytes <= TARGETS.coreBundleGzipBytes },
  ];
}
