import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "generators/**/*.test.ts", "providers/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One test file per core. vitest's default is one fewer than the cores, which on CI's two is a single
    // worker: every file ran after the other (no two files overlapped in the session's baseline run).
    maxWorkers: availableParallelism(),
    // A worker process runs many files: its start, vitest's runner and the modules several files import
    // are paid once per worker instead of once per file (~0.8 s of CPU a file, half of what a sample of
    // 22 small files cost). vitest.setup.ts puts back what a file changed in the process's environment,
    // spies and globals, so the next file starts as if alone.
    isolate: false,
    setupFiles: ["./vitest.setup.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts", "generators/**/*.ts", "providers/**/*.ts"],
      exclude: ["**/*.test.ts", "**/test-support/**"],
      reporter: ["text-summary", "json-summary"],
    },
  },
});
