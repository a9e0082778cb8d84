import fc from "fast-check";
import { FEATURE_IDS } from "../../src/schema/features.js";
import { schemaOver } from "../schema-over.js";
import { nearMiss } from "../near-miss.js";
import { validValue } from "../valid-value.js";
const featureSets = fc.subarray([...FEATURE_IDS]);
const arb = featureSets.chain((features) => fc.tuple(fc.constant(features), schemaOver(features)));
for (const [features, schema] of fc.sample(arb, { numRuns: 150, seed: 6 })) {
  let a; try { a = nearMiss(schema); } catch { continue; }
  try { fc.sample(a, { numRuns: 15, seed: 5 }); } catch (e) { console.log(JSON.stringify(schema)); console.log(JSON.stringify(fc.sample(validValue(schema), {numRuns: 3, seed: 1}))); break; }
}
