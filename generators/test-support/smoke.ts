import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { validValue } from "../valid-value.js";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
const ajv = new Ajv2020Module.default({ strict: false, logger: false, allErrors: true });
addFormatsModule.default(ajv);
const schemas = await loadCatalogs(["suites/catalogs"]);
for (const s of schemas) {
  const t0 = performance.now();
  try {
    const arb = validValue(s.schema);
    const v = ajv.compile(s.schema as object);
    const t1 = performance.now();
    const values = fc.sample(arb, { numRuns: 2000, seed: 1 });
    const t2 = performance.now();
    let bad = 0; let example;
    for (const x of values) if (!v(x)) { bad++; example ??= [x, v.errors]; }
    console.log(s.id, "compile", (t1 - t0).toFixed(1), "ms", "rate", Math.round(2000 / ((t2 - t1) / 1000)), "/s", "invalid", bad);
    if (example) console.log(JSON.stringify(example).slice(0, 600));
  } catch (e) { console.log(s.id, "ERROR", (e as Error).stack?.slice(0, 500)); }
}
