import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { createGenerationContext } from "../_internals/schema-to-arbitrary.js";
import { DEFAULT_SETTINGS } from "../_internals/generation-context.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
const s = schemas.find((x) => x.id === process.argv[2])!;
const ctx = createGenerationContext(s.schema, DEFAULT_SETTINGS);
const f = ctx.flatten(s.schema);
console.log(JSON.stringify(f.residuals).slice(0, 300));
const inner = ctx.compileFlattened({ flat: f.flat, residuals: [] }, 4);
const checker = ctx.checker();
for (const v of fc.sample(inner, { numRuns: 10, seed: 3 })) {
  const ok = f.residuals.every((r) => checker.accepts(r, v));
  if (!ok) console.log(JSON.stringify(v));
}
import Ajv2020Module from "ajv/dist/2020.js";
const ajv = new Ajv2020Module.default({ strict: false, ownProperties: true, logger: false });
const v = ajv.compile(s.schema as object);
const val = {"company":"aj","region":"UK","company_size":"1001-5000","contact":{"email":"a@x.com"},"score":97};
console.log(v(val), v.errors);
const ajv2 = new Ajv2020Module.default({ strict: false, logger: false });
const v2 = ajv2.compile(s.schema as object);
console.log(v2(val), v2.errors);
