// Exactness check: a hash of the CaseSource stream (every case's value, family, path, feature,
// expectedValid, detail, json) over the default catalogs, N cases spread over targets as fuzz does.
// usage: node stream-hash.mjs <repo root> [total cases=200000] [--time]
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
const root = process.argv[2];
const total = Number(process.argv[3] ?? 200000);
const imp = (p) => import(pathToFileURL(`${root}/dist/${p}`).href);
const { CaseSource } = await imp("src/diff/case-source.js");
const { defaultGenerators } = await imp("src/diff/default-generators.js");
const { loadCatalogTargets, generatorSchemaOf } = await imp("src/diff/fuzz-targets.js");
const targets = await loadCatalogTargets([`${root}/suites/catalogs`]);
const ser = (v) => JSON.stringify(v, (k, x) => (x === undefined ? "\u0000undef" : typeof x === "number" && Object.is(x, -0) ? "\u0000-0" : typeof x === "number" && !Number.isFinite(x) ? `\u0000${x}` : x));
const all = createHash("sha256");
const per = Math.ceil(total / targets.length);
const t0 = process.cpuUsage();
for (const target of targets) {
  const h = createHash("sha256");
  const source = new CaseSource(generatorSchemaOf(target), target.id, 1, defaultGenerators);
  for (let k = 0; k < per; k++) {
    const c = source.generate(k);
    if (process.argv.includes("--nohash")) continue;
    h.update(c === null ? "null\n" : ser([c.value.value, c.value.family, c.value.path, c.value.feature, c.value.expectedValid, c.value.detail, c.value.json]) + "\n");
  }
  const d = h.digest("hex");
  all.update(d);
  if (process.argv.includes("--each")) console.log(target.id, d.slice(0, 16));
}
const t = process.cpuUsage(t0);
console.log(`stream ${per}x${targets.length}: ${all.digest("hex").slice(0, 24)}`, process.argv.includes("--time") ? `cpu ${((t.user + t.system) / 1000).toFixed(0)} ms` : "");
