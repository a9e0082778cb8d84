// Output pacing: while the output has not drained (a slow pipe), check hands out no further file, in
// this thread and with workers, and the results are the same as unpaced.
import { describe, expect, it } from "vitest";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { fromRoot } from "../package-root.js";
import { listCatalogFiles } from "../schema/load-catalog.js";
import type { CheckResult } from "../report/model.js";
import { checkCatalogFiles } from "./check-catalog-files.js";
import { checkFilesInWorkers, type WorkerResult } from "./check-files-in-workers.js";
import { checkResultJson } from "./check-result-json.js";

const profiles = loadProfiles();
const targetNames = listTargets(profiles);
const targets = targetNames.map((name) => resolveTarget(name, profiles));
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("check paced by its output", () => {
  it("reads no further file in this thread until the output has drained", async () => {
    const files = await listCatalogFiles([fromRoot("suites", "catalogs")]);
    const unpaced: string[] = [];
    await checkCatalogFiles(files, targets, { profiles }, (result) => unpaced.push(checkResultJson(result)));
    const paced: string[] = [];
    const done: string[] = [];
    // Waits on the callback itself, not on a count of ticks: a cold or loaded machine may take
    // any time over the first file, and that must not read as the check being held.
    let waiters: (() => void)[] = [];
    const doneCount = (count: number): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => void (done.length >= count ? resolve() : waiters.push(check));
        check();
      });
    const fileDone = (file: string): void => {
      done.push(file);
      const waiting = waiters;
      waiters = [];
      for (const check of waiting) check();
    };
    let release: (() => void) | undefined;
    const run = checkCatalogFiles(files, targets, { profiles }, (result) => paced.push(checkResultJson(result)), fileDone, () => new Promise<void>((resolve) => (release = resolve)));
    for (let file = 1; file <= files.length; file++) {
      // Wait for the file to be done, then see the check held there.
      await doneCount(file);
      for (let held = 0; held < 20; held++) await tick();
      expect(done).toHaveLength(file);
      release!();
    }
    await run;
    expect(paced).toEqual(unpaced);
  });

  it("hands workers no further file until the output has drained, with the same results", async () => {
    const paths = [fromRoot("suites", "catalogs")];
    const setup = { targets: targetNames, matrices: [], options: {}, reply: "objects" as const };
    const collect = (into: CheckResult[]) => (each: WorkerResult) => void ("result" in each && into.push(each.result));
    const unpaced: CheckResult[] = [];
    await checkFilesInWorkers(paths, setup, 2, collect(unpaced));
    const paced: CheckResult[] = [];
    let asked = 0;
    // Full every other time it is asked, drained a tick later.
    await checkFilesInWorkers(paths, setup, 2, collect(paced), undefined, () => (++asked % 2 === 0 ? tick() : undefined));
    expect(asked).toBeGreaterThan(0);
    expect(paced).toEqual(unpaced);
  });
});
