import fc from "fast-check";
import { validValue } from "../valid-value.js";
function rate(name: string, arb: fc.Arbitrary<unknown>) {
  fc.sample(arb, { numRuns: 2000, seed: 2 });
  let best = 0;
  for (let i = 0; i < 5; i++) { const t = performance.now(); fc.sample(arb, { numRuns: 20000, seed: i }); best = Math.max(best, 20000 / ((performance.now() - t) / 1000)); }
  console.log(name.padEnd(28), Math.round(best));
}
const obj = (leaf: object, req = true) => ({ type: "object", properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, leaf])), required: req ? Array.from({ length: 10 }, (_, i) => `p${i}`) : [], additionalProperties: false });
rate("fc.record 10 bool", fc.record(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, fc.boolean()]))));
rate("10 bool req", validValue(obj({ type: "boolean" })));
rate("10 bool opt", validValue(obj({ type: "boolean" }, false)));
rate("10 int req", validValue(obj({ type: "integer" })));
rate("10 int range req", validValue(obj({ type: "integer", minimum: 0, maximum: 100 })));
rate("10 enum req", validValue(obj({ enum: ["a", "b", "c"] })));
rate("10 string req", validValue(obj({ type: "string" })));
rate("10 date req", validValue(obj({ type: "string", format: "date" })));
rate("10 cents req", validValue(obj({ type: "number", multipleOf: 0.01, minimum: 0 })));
rate("10 number req", validValue(obj({ type: "number" })));
