import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { validValue, validValueStats } from "../valid-value.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
const ids = process.argv.slice(2);
for (const s of schemas) {
  if (ids.length && !ids.includes(s.id)) continue;
  const arb = validValue(s.schema);
  fc.sample(arb, { numRuns: 1000, seed: 7 });
  const t = performance.now(); fc.sample(arb, { numRuns: 20000, seed: 1 }); const dt = performance.now() - t;
  console.log(s.id.padEnd(45), String(Math.round(20000 / (dt / 1000))).padStart(8), JSON.stringify(validValueStats(arb)));
}
