// A worker writes what it is doing into shared memory before each step; the main thread reads it
// when the worker stops answering (a hang, or a death), so the case that hung is known exactly,
// down to the shrink step, without a message per case.

export type HeartbeatPhase = "idle" | "compile" | "generate" | "case" | "reference" | "candidate" | "adjudicate" | "shrink";

const PHASES: readonly HeartbeatPhase[] = ["idle", "compile", "generate", "case", "reference", "candidate", "adjudicate", "shrink"];
/** Phase → its cell value, looked up instead of searched (a worker beats several times a case). */
const PHASE_INDEX = Object.fromEntries(PHASES.map((phase, index) => [phase, index])) as Readonly<Record<HeartbeatPhase, number>>;
const BEAT = 0;
const TARGET = 1;
const CASE = 2;
const PHASE = 3;
const PATH_LENGTH = 4;
const PATH_START = 5;
export const MAX_RECORDED_PATH = 1024;

export interface HeartbeatSnapshot {
  readonly beat: number;
  readonly targetIndex: number;
  readonly caseIndex: number;
  readonly phase: HeartbeatPhase;
  /** The shrink path being tried when the snapshot was taken (empty outside shrinking). */
  readonly shrinkPath: readonly number[];
}

export function createHeartbeatBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer((PATH_START + MAX_RECORDED_PATH) * Int32Array.BYTES_PER_ELEMENT);
}

export class Heartbeat {
  private readonly cells: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
  }

  // The cells are plain stores and only the beat is atomic: its read-modify-write orders the stores
  // before it for any thread that reads the beat (Atomics.load), and cells are aligned Int32s, never
  // torn. A worker beats a few times a case: four atomic stores more each time cost ~25 ns.
  enter(phase: HeartbeatPhase, targetIndex: number, caseIndex: number): void {
    const { cells } = this;
    cells[TARGET] = targetIndex;
    cells[CASE] = caseIndex;
    cells[PHASE] = PHASE_INDEX[phase];
    cells[PATH_LENGTH] = 0;
    Atomics.add(cells, BEAT, 1);
  }

  /** A step within the current case: which validator (or which part of the engine) runs now. */
  phase(phase: HeartbeatPhase): void {
    this.cells[PHASE] = PHASE_INDEX[phase];
    Atomics.add(this.cells, BEAT, 1);
  }

  /** A shrink attempt: the accepted path so far plus the candidate index being tried. */
  tryShrinkStep(acceptedPath: readonly number[], candidateIndex: number): void {
    const { cells } = this;
    const length = Math.min(acceptedPath.length + 1, MAX_RECORDED_PATH);
    // Accepted steps are written once each; only the last cell changes between attempts.
    cells[PATH_START + length - 1] = candidateIndex;
    if (length >= 2) cells[PATH_START + length - 2] = acceptedPath[length - 2]!;
    cells[PATH_LENGTH] = length;
    cells[PHASE] = PHASE_INDEX.shrink;
    Atomics.add(cells, BEAT, 1);
  }

  snapshot(): HeartbeatSnapshot {
    const length = Atomics.load(this.cells, PATH_LENGTH);
    const shrinkPath: number[] = [];
    for (let index = 0; index < length; index++) shrinkPath.push(Atomics.load(this.cells, PATH_START + index));
    return {
      beat: Atomics.load(this.cells, BEAT),
      targetIndex: Atomics.load(this.cells, TARGET),
      caseIndex: Atomics.load(this.cells, CASE),
      phase: PHASES[Atomics.load(this.cells, PHASE)] ?? "idle",
      shrinkPath,
    };
  }
}
