import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { validValue } from "../valid-value.js";
import { createJudge } from "./reference-judge.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
for (const s of schemas) {
  const judge = createJudge(s.schema);
  const values = fc.sample(validValue(s.schema), { numRuns: 3000, seed: 11 });
  const counts = { specBad: 0, ajvUnexplained: 0, divergent: 0, liteBad: 0, liteUnsupported: 0 };
  let example: unknown;
  for (const v of values) {
    const j = judge(v);
    if (!j.spec) { counts.specBad++; example ??= ["spec", v]; }
    if (!j.ajv && !j.divergence) { counts.ajvUnexplained++; example ??= ["ajv", v, j.ajvErrors]; }
    if (j.divergence) counts.divergent++;
    if (j.lite === false) { counts.liteBad++; example ??= ["lite", v]; }
    if (j.lite === "unsupported") counts.liteUnsupported++;
  }
  console.log(s.id.padEnd(42), JSON.stringify(counts));
  if (example) console.log("   ", JSON.stringify(example).slice(0, 700));
}
