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
