import fc from "fast-check";
import { FEATURE_IDS } from "../../src/schema/features.js";
import { featureIdsOf } from "../../src/schema/detect-features.js";
import { schemaOver, IMPLICIT_FEATURES } from "../schema-over.js";
import { validValue } from "../valid-value.js";
import { createJudge } from "./reference-judge.js";
import { writeFileSync } from "node:fs";
let n = 0, problems = 0;
const t0 = performance.now();
fc.assert(fc.property(fc.subarray([...FEATURE_IDS]), fc.nat(), (features, seed) => {
  const [schema] = fc.sample(schemaOver(features), { numRuns: 1, seed });
  n++;
  const extra = featureIdsOf(schema!).filter((f) => !features.includes(f) && !IMPLICIT_FEATURES.includes(f) && !(f === "$ref:local" && features.includes("$ref:recursive")));
  if (extra.length) { problems++; if (problems < 20) console.log("EXTRA", extra, JSON.stringify(schema).slice(0, 300)); }
  try {
    const judge = createJudge(schema!);
    for (const v of fc.sample(validValue(schema!), { numRuns: 30, seed })) {
      const j = judge(v);
      if (!j.spec || (!j.ajv && !j.divergence) || j.lite === false) { problems++; writeFileSync(`/tmp/so-bad-${problems}.json`, JSON.stringify({ schema, value: v, j: { spec: j.spec, ajv: j.ajv, lite: j.lite, errors: j.ajvErrors } }, null, 1)); if (problems < 20) console.log("INVALID", JSON.stringify(j.ajvErrors).slice(0,200), j.lite, JSON.stringify(schema).slice(0, 600), JSON.stringify(v).slice(0, 300)); break; }
    }
  } catch (e) { problems++; if (problems < 20) console.log("ERR", (e as Error).message.slice(0, 200), JSON.stringify(schema).slice(0, 600)); }
  return true;
}), { numRuns: 600, seed: Number(process.env.SEED ?? 1) });
console.log(n, "schemas", problems, "problems", Math.round(performance.now() - t0), "ms");
