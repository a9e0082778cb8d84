import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "generators/**/*.test.ts", "providers/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
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
