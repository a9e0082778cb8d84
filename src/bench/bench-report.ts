// The benchmark's JSON document and the targets, each judged pass or miss.
import type { BundleMeasurement } from "./measure-bundle.js";
import type { SubjectMeasurement } from "./measure-bench.js";

export const TARGETS = {
  /** lite validations per second over Ajv's, on valid and on invalid (all errors) instances. */
  validateRatio: 1.0,
  /** Ajv compile time over lite's. */
  compileRatio: 100,
  /** 6 KB = 6144 bytes, gzip -9 of the minified bundle. */
  bundleGzipBytes: 6 * 1024,
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
}

export interface BenchReport {
  readonly kind: "bench";
  readonly reference: string;
  readonly seed: number;
  readonly timeMs: number;
  readonly corpus: {
    readonly schemas: number;
    readonly validInstances: number;
    readonly invalidInstances: number;
    readonly excluded: readonly { readonly schemaId: string; readonly reason: string }[];
  };
  readonly subjects: readonly SubjectReport[];
  readonly bundle: BundleMeasurement;
  readonly targets: readonly TargetResult[];
}

export function withRatios(measured: SubjectMeasurement, reference: SubjectMeasurement): SubjectReport {
  if (measured === reference) return measured;
  return {
    ...measured,
    ratios: {
      validate: measured.validPerSecond / reference.validPerSecond,
      validateInvalid: measured.invalidPerSecond / reference.invalidPerSecond,
      compile: reference.compileMicrosPerSchema / measured.compileMicrosPerSchema,
    },
  };
}

export function judgeTargets(subjects: readonly SubjectReport[], bundle: BundleMeasurement, liteName: string): TargetResult[] {
  const results: TargetResult[] = [];
  for (const { name, ratios } of subjects) {
    if (!ratios) continue;
    results.push(
      { subject: name, target: `validate valid >= ${TARGETS.validateRatio}x Ajv`, measured: ratios.validate, pass: ratios.validate >= TARGETS.validateRatio },
      { subject: name, target: `validate invalid (all errors) >= ${TARGETS.validateRatio}x Ajv`, measured: ratios.validateInvalid, pass: ratios.validateInvalid >= TARGETS.validateRatio },
      { subject: name, target: `compile >= ${TARGETS.compileRatio}x faster than Ajv`, measured: ratios.compile, pass: ratios.compile >= TARGETS.compileRatio },
    );
  }
  const gzipBytes = "gzipBytes" in bundle ? bundle.gzipBytes : null;
  results.push({ subject: liteName, target: `bundle <= ${TARGETS.bundleGzipBytes / 1024} KB gzip`, measured: gzipBytes, pass: gzipBytes !== null && gzipBytes <= TARGETS.bundleGzipBytes });
  return results;
}
