import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { validValue } from "../valid-value.js";
import { nearMiss } from "../near-miss.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
const which = process.argv[2] ?? "valid";
const arbs = schemas.map((s) => (which === "valid" ? validValue(s.schema) : nearMiss(s.schema)));
for (const a of arbs) fc.sample(a, { numRuns: 300, seed: 1 });
const t = performance.now();
let n = 0;
for (const a of arbs) { fc.sample(a, { numRuns: 4000, seed: 2 }); n += 4000; }
console.log(which, Math.round(n / ((performance.now() - t) / 1000)), "values/s over all catalogs (arithmetic mix)");
