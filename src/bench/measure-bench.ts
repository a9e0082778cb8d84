// tinybench measurements over a corpus: validations per second (valid instances; invalid ones with
// all errors collected) and compile time per schema. Each task runs the whole corpus per iteration.
//
// Made to survive a busy machine: time is the process's CPU time where that clock is fine enough
// (a task descheduled by another process is not charged for it), and the budget is split into
// rounds whose subject order rotates, each task's figure being its median over the rounds, so
// neither subject always runs just after the other's garbage (Ajv's compile task leaves plenty).
import { Bench } from "tinybench";
import type { BenchCase } from "./bench-corpus.js";
import type { BenchSubject, BenchValidator, CompileMode } from "./bench-subjects.js";

export interface SubjectMeasurement {
  readonly name: string;
  readonly validPerSecond: number;
  readonly invalidPerSecond: number;
  readonly compileMicrosPerSchema: number;
  /** Each round's figures (valid/s, invalid/s, compiles/s), in round order, so ratios can be paired round by round. */
  readonly rounds?: readonly { readonly valid: number; readonly invalid: number; readonly compile: number }[];
}

type Validator = BenchValidator;

/** Rounds the time budget is split into. */
const ROUNDS = 5;

/** CPU milliseconds of this process (user + system). */
export function cpuMillis(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The smallest step a clock takes, probed for up to 20 ms (or until a fine one is seen). */
function clockStep(now: () => number): number {
  const deadline = performance.now() + 20;
  let last = now();
  let step = Infinity;
  while (step > 0.01 && performance.now() < deadline) {
    const next = now();
    if (next > last) step = Math.min(step, next - last);
    last = next;
  }
  return step;
}

/** The CPU clock where it ticks finely (Linux, macOS); wall time where it does not (Windows counts 15 ms ticks). */
export function benchClock(): () => number {
  const available = typeof process !== "undefined" && typeof process.cpuUsage === "function";
  return available && clockStep(cpuMillis) <= 0.1 ? cpuMillis : () => performance.now();
}

const modeOf = (c: BenchCase, allErrors: boolean): CompileMode => ({ dialect: c.dialect, allErrors, schemaId: c.schemaId });

async function compiledPairs(subject: BenchSubject, cases: readonly BenchCase[], allErrors: boolean): Promise<[Validator, readonly unknown[]][]> {
  const pairs: [Validator, readonly unknown[]][] = [];
  for (const c of cases) {
    const copy = structuredClone(c.schema);
    const mode = modeOf(c, allErrors);
    pairs.push([await subject.compile(copy, mode), allErrors ? c.invalid : c.valid]);
    subject.forget?.(copy, mode);
  }
  return pairs;
}

function validateAll(pairs: readonly [Validator, readonly unknown[]][]): void {
  for (const [validate, values] of pairs) for (const value of values) validate(value);
}

function perSecond(bench: Bench, taskName: string, operationsPerIteration: number): number {
  const result = bench.getTask(taskName)?.result;
  if (!result || !("period" in result) || result.period <= 0) throw new Error(`benchmark task '${taskName}' did not complete (${result?.state ?? "missing"})`);
  return (operationsPerIteration * 1000) / result.period;
}

/** Adds a task compiling every schema once per iteration (as the valid task uses it), from fresh copies made outside the timing. */
function addCompileTask(bench: Bench, subject: BenchSubject, cases: readonly BenchCase[]): void {
  let copies: (object | boolean)[] = [];
  const modes = cases.map((c) => modeOf(c, false));
  const compileAll = subject.asyncCompile
    ? async () => void (await Promise.all(copies.map((schema, i) => subject.compile(schema, modes[i]!))))
    : () => void copies.map((schema, i) => subject.compile(schema, modes[i]!));
  bench.add(`${subject.name} compile`, compileAll, {
    beforeEach: () => void (copies = cases.map((c) => structuredClone(c.schema))),
    afterEach: () => void copies.forEach((schema, i) => subject.forget?.(schema, modes[i]!)),
  });
}

interface Round {
  readonly valid: number;
  readonly invalid: number;
  readonly compile: number;
}

async function runRound(subjects: readonly BenchSubject[], cases: readonly BenchCase[], timeMs: number, now: () => number): Promise<Map<string, Round>> {
  // Few minimum iterations per round (rounds multiply them): the time budget, not tinybench's default of 64 runs, bounds a run.
  const bench = new Bench({ time: timeMs, iterations: 2, warmupTime: Math.min(timeMs, 100), warmupIterations: 1, throws: true, now });
  for (const subject of subjects) {
    const valid = await compiledPairs(subject, cases, false);
    const invalid = await compiledPairs(subject, cases, true);
    bench.add(`${subject.name} valid`, () => validateAll(valid));
    bench.add(`${subject.name} invalid`, () => validateAll(invalid));
    addCompileTask(bench, subject, cases);
  }
  await bench.run();
  const count = (pick: (c: BenchCase) => readonly unknown[]) => cases.reduce((sum, c) => sum + pick(c).length, 0);
  return new Map(
    subjects.map((subject) => [
      subject.name,
      {
        valid: perSecond(bench, `${subject.name} valid`, count((c) => c.valid)),
        invalid: perSecond(bench, `${subject.name} invalid`, count((c) => c.invalid)),
        compile: perSecond(bench, `${subject.name} compile`, cases.length),
      },
    ]),
  );
}

/** The subjects in the order round `round` runs them: each goes first in turn. */
export function roundOrder<T>(subjects: readonly T[], round: number): T[] {
  return subjects.map((_, i) => subjects[(i + round) % subjects.length]!);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `timeMs` is the budget per task; each of the rounds gets its share, with the subjects' order rotated. */
export async function measureSubjects(subjects: readonly BenchSubject[], cases: readonly BenchCase[], timeMs: number): Promise<SubjectMeasurement[]> {
  const now = benchClock();
  const rounds: Map<string, Round>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(await runRound(roundOrder(subjects, round), cases, Math.max(1, timeMs / ROUNDS), now));
  }
  const medianOf = (name: string, pick: (round: Round) => number) => median(rounds.map((round) => pick(round.get(name)!)));
  return subjects.map(({ name }) => ({
    name,
    validPerSecond: medianOf(name, (round) => round.valid),
    invalidPerSecond: medianOf(name, (round) => round.invalid),
    compileMicrosPerSchema: (1000 * 1000) / medianOf(name, (round) => round.compile),
    rounds: rounds.map((round) => round.get(name)!),
  }));
}
