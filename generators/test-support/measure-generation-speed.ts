// Generation speed per catalog schema (values/s, best of 3), outside vitest. Not under tsx: it
// transforms with esbuild's keepNames, which wraps every closure in a __name call and costs about
// half the speed of generation (vitest does not). Bundle without it:
//   npx esbuild generators/test-support/measure-generation-speed.ts --bundle --platform=node \
//     --format=esm --packages=external --outfile=measure.tmp.mjs && node measure.tmp.mjs --near
import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { validValue } from "../valid-value.js";
import { nearMiss } from "../near-miss.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
const best = (arb: fc.Arbitrary<unknown>, n: number) => {
  fc.sample(arb, { numRuns: 500, seed: 9 });
  let b = 0;
  for (let i = 0; i < 3; i++) { const t = performance.now(); fc.sample(arb, { numRuns: n, seed: i }); b = Math.max(b, n / ((performance.now() - t) / 1000)); }
  return Math.round(b);
};
let sv = 0, sn = 0;
for (const s of schemas) {
  const v = best(validValue(s.schema), 10000);
  const m = process.argv.includes("--near") ? best(nearMiss(s.schema), 4000) : 0;
  sv += 1 / v; sn += m ? 1 / m : 0;
  console.log(s.id.padEnd(42), String(v).padStart(8), String(m).padStart(8));
}
console.log("harmonic mean validValue", Math.round(schemas.length / sv), process.argv.includes("--near") ? `nearMiss ${Math.round(schemas.length / sn)}` : "");
