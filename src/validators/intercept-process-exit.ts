// In a worker that runs a user's module: `process.exit` throws instead of ending the worker, so a module
// that calls it becomes a finding on that call. Node itself calls process.exit from a worker's
// uncaught-exception handler, and a throw from there aborts the whole process (`FATAL ERROR:
// v8::ToLocalChecked Empty MaybeLocal`, exit 134: a validator throwing from a timer, or any error
// escaping a message handler, once did this). So an uncaught exception ends the worker with the real
// exit, and the main thread sees a worker that died.

/** What the worker's exit code says when an uncaught exception ended it. */
export const UNCAUGHT_EXIT_CODE = 70;

export function interceptProcessExit(errorName: string, who: string): void {
  const realExit = process.exit.bind(process);
  process.on("uncaughtException", () => realExit(UNCAUGHT_EXIT_CODE));
  process.exit = ((code?: number | string | null) => {
    const error = new Error(`${who} called process.exit(${code ?? ""})`);
    error.name = errorName;
    throw error;
  }) as typeof process.exit;
}
