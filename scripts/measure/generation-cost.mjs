// Generation cost per case, in process: every case 0..N/targets of every default catalog target
// through CaseSource (the stream a fuzz run generates, without validators), twice: pass 1 on fresh
// schema objects pays the per-schema costs (compiles, recipe draws), pass 2 is warm. CPU µs per
// case. Several roots run interleaved, round by round, in this one process (A/B on shared cores).
// Run with fuzz's V8 flags: node --interrupt-budget=1081344 --max-inlined-bytecode-size-cumulative=460
// usage: node generation-cost.mjs <total cases> <rounds> <root>...
import { pathToFileURL } from "node:url";
const [total, rounds, ...roots] = [Number(process.argv[2]), Number(process.argv[3]), ...process.argv.slice(4)];
const setups = [];
for (const root of roots) {
  const imp = (p) => import(pathToFileURL(`${root}/dist/${p}`).href);
  const { CaseSource } = await imp("src/diff/case-source.js");
  const { defaultGenerators } = await imp("src/diff/default-generators.js");
  const { loadCatalogTargets, generatorSchemaOf } = await imp("src/diff/fuzz-targets.js");
  setups.push({ root, CaseSource, defaultGenerators, loadCatalogTargets, generatorSchemaOf });
}
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const results = setups.map(() => ({ cold: [], warm: [] }));
for (let round = 0; round < rounds; round++) {
  for (const [i, s] of setups.entries()) {
    const targets = await s.loadCatalogTargets([`${s.root}/suites/catalogs`]);
    const per = Math.ceil(total / targets.length);
    const pass = () => {
      const t = cpu();
      for (const target of targets) {
        const source = new s.CaseSource(s.generatorSchemaOf(target), target.id, 1, s.defaultGenerators);
        for (let k = 0; k < per; k++) source.generate(k);
      }
      return ((cpu() - t) * 1000) / (per * targets.length);
    };
    results[i].cold.push(pass());
    results[i].warm.push(pass());
  }
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `median ${med(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
for (const [i, s] of setups.entries()) console.log(`${s.root}: cold ${fmt(results[i].cold)} µs/case, warm ${fmt(results[i].warm)} µs/case`);
if (setups.length === 2) {
  const ratios = (kind) => results[0][kind].map((a, r) => a / results[1][kind][r]);
  console.log(`ratio first/second: cold ${fmt(ratios("cold"))}, warm ${fmt(ratios("warm"))}`);
}
