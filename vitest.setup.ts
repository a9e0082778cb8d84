// Property tests run on a fixed seed so a run is reproducible (CI and a developer see the same cases);
// FC_SEED=random explores new ones, FC_SEED=N replays a seed fast-check printed.
import fc from "fast-check";
import { afterAll, vi } from "vitest";

const requested = process.env.FC_SEED;
if (requested !== "random") fc.configureGlobal({ seed: requested === undefined ? 20261201 : Number(requested) });

// Test files share their worker process (isolate: false in vitest.config.ts), so whatever a file changed
// in the process's environment, spies and globals is put back when it ends: the next file starts as if alone.
const environmentAtStart = { ...process.env };
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
  process.exitCode = undefined;
});
