// Where a verb writes: machine output (one JSON document with --format json) to stdout, human text to stderr
// when --format json is set. Verbs take an Io so tests can capture both streams.

export interface Io {
  out(text: string): void;
  /** Machine output already encoded as UTF-8 (optional: writers decode and use `out` without it). */
  outBytes?(bytes: Uint8Array): void;
  /** While stdout holds more than it can pass on (a slow pipe), a promise of when it has drained. */
  whenDrained?(): Promise<void> | undefined;
  err(text: string): void;
  readonly isTTY: boolean;
}

// A reader that closes early (`| head`) is not an error of ours: stop writing quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  outBytes: (bytes) => void process.stdout.write(bytes),
  whenDrained: () => (process.stdout.writableNeedDrain ? new Promise<void>((resolve) => process.stdout.once("drain", resolve)) : undefined),
  err: (text) => void process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY) && process.env.CI !== "true",
};

/** Captures output, for tests. */
export function memoryIo(): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: "",
    stderr: "",
    isTTY: false,
    out(text: string) {
      io.stdout += text;
    },
    err(text: string) {
      io.stderr += text;
    },
  };
  return io;
}
