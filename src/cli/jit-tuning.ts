// The fuzz loop runs the same generator and validator code millions of times across many small
// closures (one set per schema). V8's default tiering optimizes too early for that shape: measured on
// the default catalogs (`fuzz --runs 1000000 --seed 1 --workers 2`, quiet 2-core machine, 3 A/B
// rounds) these two flags cut process CPU by 9% (20.4 -> 18.6 s) and raise cases/s from 95k to 104k.
// They only tune when and how much V8 optimizes: results are identical. V8 flags are process-wide and
// read by each isolate as it starts, so they are set here, by the CLI, before any worker is spawned,
// and never by the library (an embedding program keeps its own flags). `--single-threaded-gc` gains
// another 3-4% from the command line, but set here at run time it aborts the process (V8 reads it
// only at start-up), so it is left to the user (README).
// The interrupt budget was 270336 (4x V8's default) until 2026-12-02; at 1081344 (16x) a 200,000-case
// run spends 10-15% less process CPU (A/B in the same minutes on the shared machine: 10.6/10.7 s ->
// 9.1/7.7 s, and 11.3/9.6 s -> 10.0/8.9 s at 8x), a 1,000,000-case run the same (26.5 -> 26.4 s):
// later optimisation means V8 compiles less of the code that is only hot during the first cases.
import { setFlagsFromString } from "node:v8";

/** The flags, for the README and for a test that they stay what the measurement named. */
export const FUZZ_JIT_FLAGS = ["--interrupt-budget=1081344", "--max-inlined-bytecode-size-cumulative=460"] as const;

let tuned = false;

/** Sets the fuzz loop's V8 flags once per process; later calls do nothing. */
export function tuneJitForFuzzing(): void {
  if (tuned) return;
  tuned = true;
  for (const flag of FUZZ_JIT_FLAGS) setFlagsFromString(flag);
}
