// The worker runner's limits: each call gets its own limit, and each new worker's import of the module
// gets the load limit, so a verdict never depends on how long a replacement worker takes to start.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FAKE_VALIDATOR_SOURCE, writeFakeSuite } from "./test-support/fake-suite.js";
import { workerRunner } from "./worker-runner.js";

// The fake validator behind an import that takes IMPORT_MS: longer than a call's limit.
const IMPORT_MS = 700;
const CALL_LIMIT_MS = 250;

function slowImportModule(): string {
  const file = join(writeFakeSuite({}), "slow-import-validator.mjs");
  writeFileSync(file, `await new Promise((resolve) => setTimeout(resolve, ${IMPORT_MS}));\n${FAKE_VALIDATOR_SOURCE}`);
  return file;
}

const runners: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});

describe("workerRunner", () => {
  it("lets the worker replacing a hung one import the module under the load limit, not the next call's", async () => {
    const runner = workerRunner({ modulePath: slowImportModule(), remotes: {}, timeoutMs: CALL_LIMIT_MS });
    runners.push(runner);
    expect(await runner.load()).toBe("fake");
    expect(await runner.compile({ "x-hang-on": 2 }, { formatAssertion: true })).toEqual({ ok: true });
    expect(await runner.validate(1)).toEqual({ ok: true, result: true });
    expect(await runner.validate(2)).toEqual({ ok: false, error: `timeout (no answer within ${CALL_LIMIT_MS} ms)` });
    // A new worker: its import alone takes longer than a call may. Before, this was a second "timeout".
    expect(await runner.validate(3)).toEqual({ ok: true, result: true });
    expect(runner.broken?.()).toBeNull();
  });

  it("counts a replacement that cannot import within the load limit as a lost worker, with its own message", async () => {
    const runner = workerRunner({ modulePath: slowImportModule(), remotes: {}, timeoutMs: 100, loadTimeoutMs: 100, maxLostWorkers: 8 });
    runners.push(runner);
    // The load limit is never below a call's limit, and here both are shorter than the import.
    const first = await runner.compile({ const: 1 }, { formatAssertion: true });
    expect(first).toEqual({ ok: false, reason: "loading the module in a new worker: timeout (no answer within 100 ms)" });
  });
});
