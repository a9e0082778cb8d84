import fc from "fast-check";
import { FEATURE_IDS } from "../../src/schema/features.js";
import { featureIdsOf } from "../../src/schema/detect-features.js";
import { schemaOver, IMPLICIT_FEATURES } from "../schema-over.js";
import { validValue } from "../valid-value.js";
import { createJudge } from "./reference-judge.js";
let n = 0, problems = 0;
const t0 = performance.now();
fc.assert(fc.property(fc.subarray([...FEATURE_IDS]), fc.nat(), (features, seed) => {
  const [schema] = fc.sample(schemaOver(features), { numRuns: 1, seed });
  n++;
  const extra = featureIdsOf(schema!).filter((f) => !features.includes(f) && !IMPLICIT_FEATURES.includes(f));
  if (extra.length) { problems++; if (problems < 5) console.log("EXTRA", extra, JSON.stringify(schema).slice(0, 300)); }
  try {
    const judge = createJudge(schema!);
    for (const v of fc.sample(validValue(schema!), { numRuns: 30, seed })) {
      const j = judge(v);
      if (!j.spec || (!j.ajv && !j.divergence) || j.lite === false) { problems++; if (problems < 8) console.log("INVALID", JSON.stringify(j.ajvErrors).slice(0,200), j.lite, JSON.stringify(schema).slice(0, 600), JSON.stringify(v).slice(0, 300)); break; }
    }
  } catch (e) { problems++; if (problems < 8) console.log("ERR", (e as Error).message.slice(0, 200), JSON.stringify(schema).slice(0, 600)); }
  return true;
}), { numRuns: 400, seed: 1 });
console.log(n, "schemas", problems, "problems", Math.round(performance.now() - t0), "ms");
