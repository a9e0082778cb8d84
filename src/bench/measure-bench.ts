// tinybench measurements over a corpus: validations per second (valid instances; invalid ones with
// all errors collected) and compile time per schema. Each task runs the whole corpus per iteration.
import { Bench } from "tinybench";
import type { BenchCase } from "./bench-corpus.js";
import type { BenchSubject } from "./bench-subjects.js";

export interface SubjectMeasurement {
  readonly name: string;
  readonly validPerSecond: number;
  readonly invalidPerSecond: number;
  readonly compileMicrosPerSchema: number;
}

type Validator = (value: unknown) => unknown;

function compiledPairs(subject: BenchSubject, cases: readonly BenchCase[], pick: (c: BenchCase) => readonly unknown[]): [Validator, readonly unknown[]][] {
  return cases.map((c) => {
    const copy = structuredClone(c.schema);
    const validate = subject.compile(copy);
    subject.forget?.(copy);
    return [validate, pick(c)];
  });
}

function validateAll(pairs: readonly [Validator, readonly unknown[]][]): void {
  for (const [validate, values] of pairs) for (const value of values) validate(value);
}

function perSecond(bench: Bench, taskName: string, operationsPerIteration: number): number {
  const result = bench.getTask(taskName)?.result;
  if (!result || !("period" in result) || result.period <= 0) throw new Error(`benchmark task '${taskName}' did not complete (${result?.state ?? "missing"})`);
  return (operationsPerIteration * 1000) / result.period;
}

/** Adds a task compiling every schema once per iteration, from fresh copies made outside the timing. */
function addCompileTask(bench: Bench, subject: BenchSubject, cases: readonly BenchCase[]): void {
  let copies: (object | boolean)[] = [];
  bench.add(`${subject.name} compile`, () => void copies.map((schema) => subject.compile(schema)), {
    beforeEach: () => void (copies = cases.map((c) => structuredClone(c.schema))),
    afterEach: () => void copies.forEach((schema) => subject.forget?.(schema)),
  });
}

export async function measureSubjects(subjects: readonly BenchSubject[], cases: readonly BenchCase[], timeMs: number): Promise<SubjectMeasurement[]> {
  // Few minimum iterations: the time budget, not tinybench's default of 64 runs, bounds a run.
  const bench = new Bench({ time: timeMs, iterations: 5, warmupTime: Math.min(timeMs, 100), warmupIterations: 2, throws: true });
  const validCount = cases.reduce((sum, c) => sum + c.valid.length, 0);
  const invalidCount = cases.reduce((sum, c) => sum + c.invalid.length, 0);
  for (const subject of subjects) {
    const valid = compiledPairs(subject, cases, (c) => c.valid);
    const invalid = compiledPairs(subject, cases, (c) => c.invalid);
    bench.add(`${subject.name} valid`, () => validateAll(valid));
    bench.add(`${subject.name} invalid`, () => validateAll(invalid));
    addCompileTask(bench, subject, cases);
  }
  await bench.run();
  return subjects.map((subject) => ({
    name: subject.name,
    validPerSecond: perSecond(bench, `${subject.name} valid`, validCount),
    invalidPerSecond: perSecond(bench, `${subject.name} invalid`, invalidCount),
    compileMicrosPerSchema: (1000 * 1000) / perSecond(bench, `${subject.name} compile`, cases.length),
  }));
}
