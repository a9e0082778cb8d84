// One fuzz worker's work, in process and single-threaded: the default catalogs' case tasks of
// `fuzz --runs N --seed 1` (the same blocks), lite against Ajv, through FuzzWorkerState as a worker
// runs them, warm-up included. Prints CPU per phase and the findings' hash. For an A/B that the
// load of a shared machine cannot move, run it under valgrind --tool=callgrind for each root
// (instruction counts), with fuzz's V8 flags and --predictable (two runs of one tree: 0.3% apart
// with --predictable, 3.8% apart with --single-threaded alone, 2026-12-02):
//   valgrind --tool=callgrind node --predictable --interrupt-budget=1081344 --max-inlined-bytecode-size-cumulative=460 worker-cost.mjs ROOT 20000
// usage: node worker-cost.mjs <root> [runs=20000] [slot=all|0|1 of 2]
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
const [root, runsText = "20000", slotText = "all"] = process.argv.slice(2);
const imp = (p) => import(pathToFileURL(`${root}/dist/${p}`).href);
const t0 = process.cpuUsage();
const { FuzzWorkerState, warmUpWorker } = await imp("src/diff/fuzz-worker-state.js");
const { loadValidatorModule } = await imp("src/validators/load-validator-module.js");
const { loadGeneratorSet } = await imp("src/diff/generator-modules.js");
const { createHeartbeatBuffer } = await imp("src/diff/heartbeat.js");
const { loadKnownDivergences } = await imp("src/diff/known-divergences.js");
const { loadCatalogTargets } = await imp("src/diff/fuzz-targets.js");
const { runsPerTarget, caseTasks, WHOLE_RUN } = await imp("src/diff/case-plan.js");
const [candidate, reference, generators] = await Promise.all([loadValidatorModule("lite", root), loadValidatorModule("ajv", root), loadGeneratorSet()]);
warmUpWorker(candidate, reference, generators, true);
const targets = await loadCatalogTargets([`${root}/suites/catalogs`]);
const divergences = await loadKnownDivergences(`${root}/suites/known-divergences.json`);
const state = new FuzzWorkerState({ reference: "ajv", seed: 1, targets, regressions: [], divergences, heartbeat: createHeartbeatBuffer() }, candidate, reference, generators, true);
const tasks = caseTasks(runsPerTarget(Number(runsText), targets.length), WHOLE_RUN).filter((task) => slotText === "all" || task.targetIndex % 2 === Number(slotText));
const t1 = process.cpuUsage();
const hash = createHash("sha256");
const times = {};
let cases = 0;
for (const task of tasks) {
  const result = state.run(task);
  cases += result.cases;
  for (const [phase, ms] of Object.entries(result.times ?? {})) times[phase] = (times[phase] ?? 0) + ms;
  hash.update(JSON.stringify([task.targetIndex, task.from, result.cases, result.valid, result.reports]));
}
const t2 = process.cpuUsage();
const ms = (a, b) => ((b.user + b.system - a.user - a.system) / 1000).toFixed(0);
console.log(`${root}: ${cases} cases, findings hash ${hash.digest("hex").slice(0, 16)}; cpu load ${ms(t0, t1)} ms, tasks ${ms(t1, t2)} ms; phases ${Object.entries(times).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")}`);
