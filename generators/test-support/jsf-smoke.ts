import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { fakerValue } from "../faker-value.js";
import { createJudge } from "./reference-judge.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
for (const s of schemas) {
  const judge = createJudge(s.schema);
  const t = performance.now();
  const vals = fc.sample(fakerValue(s.schema), { numRuns: 300, seed: 1 });
  const dt = performance.now() - t;
  const ok = vals.filter((v) => v.ok);
  const specValid = ok.filter((v) => v.ok && judge(v.value).spec).length;
  const fail = vals.find((v) => !v.ok);
  console.log(s.id.padEnd(42), Math.round(300 / (dt / 1000)), "/s", "ok", ok.length, "specValid", specValid, fail && !fail.ok ? fail.failure.slice(0, 80) : "");
}
for (const schema of [{ type: "object", properties: { a: { type: "string" } }, minProperties: 1, additionalProperties: false }, { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, minProperties: 2 }]) {
  const vals = fc.sample(fakerValue(schema), { numRuns: 20, seed: 1 });
  console.log(JSON.stringify(schema), vals.filter((v) => v.ok).length, vals.find((v) => !v.ok));
}
