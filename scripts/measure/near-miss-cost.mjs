// Near-miss cost per case, in process: for each catalog target, the near-miss indexes among the
// first N/targets cases through CaseSource, twice (pass 1 pays the per-schema costs: checker
// compiles, recipe draws; pass 2 is warm). CPU µs per near-miss case. Several dist roots may be
// given: they run interleaved, round by round, in this one process.
// usage: node near-miss-cost.mjs <total cases> <rounds> <root>...
import { pathToFileURL } from "node:url";
const [total, rounds, ...roots] = [Number(process.argv[2]), Number(process.argv[3]), ...process.argv.slice(4)];
const setups = [];
for (const root of roots) {
  const imp = (p) => import(pathToFileURL(`${root}/dist/${p}`).href);
  const { CaseSource, sourceKindFor } = await imp("src/diff/case-source.js");
  const { defaultGenerators } = await imp("src/diff/default-generators.js");
  const { loadCatalogTargets, generatorSchemaOf } = await imp("src/diff/fuzz-targets.js");
  setups.push({ root, CaseSource, sourceKindFor, defaultGenerators, loadCatalogTargets, generatorSchemaOf });
}
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const results = setups.map(() => ({ cold: [], warm: [] }));
for (let round = 0; round < rounds; round++) {
  for (const [i, s] of setups.entries()) {
    // fresh schema objects each round, so per-schema caches start cold
    const targets = await s.loadCatalogTargets([`${s.root}/suites/catalogs`]);
    const per = Math.ceil(total / targets.length);
    let count = 0;
    const pass = () => {
      const t = cpu();
      for (const target of targets) {
        const source = new s.CaseSource(s.generatorSchemaOf(target), target.id, 1, s.defaultGenerators);
        for (let k = 0; k < per; k++) if (s.sourceKindFor(k) === "near-miss") { source.generate(k); count++; }
      }
      return cpu() - t;
    };
    const cold = pass(); count = 0;
    const warm = pass();
    results[i].cold.push((cold * 1000) / count);
    results[i].warm.push((warm * 1000) / count);
  }
}
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const [i, s] of setups.entries()) {
  const r = results[i];
  console.log(`${s.root}: near-miss µs/case cold median ${med(r.cold).toFixed(2)} [${r.cold.map((x) => x.toFixed(1)).join(" ")}], warm median ${med(r.warm).toFixed(2)} [${r.warm.map((x) => x.toFixed(1)).join(" ")}]`);
}
