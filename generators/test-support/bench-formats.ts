import fc from "fast-check";
import { FORMAT_ARBITRARIES } from "../_internals/format-arbitraries.js";
import { validValue } from "../valid-value.js";
function rate(name: string, arb: fc.Arbitrary<unknown>) {
  fc.sample(arb, { numRuns: 500, seed: 2 });
  const t = performance.now(); fc.sample(arb, { numRuns: 20000, seed: 1 }); const dt = performance.now() - t;
  console.log(name.padEnd(20), Math.round(20000 / (dt / 1000)));
}
for (const [k, a] of Object.entries(FORMAT_ARBITRARIES)) rate(k, a);
rate("string", validValue({ type: "string" }));
rate("string 1-255", validValue({ type: "string", minLength: 1, maxLength: 255 }));
rate("int", validValue({ type: "integer" }));
rate("number", validValue({ type: "number" }));
rate("cents", validValue({ type: "number", multipleOf: 0.01, minimum: 0 }));
rate("enum", validValue({ enum: ["a", "b", "c"] }));
rate("pattern", validValue({ type: "string", pattern: "^(UTC|[A-Z][A-Za-z_]+(/[A-Z][A-Za-z_+-]+){1,2})$" }));
rate("obj3", validValue({ type: "object", properties: { a: { type: "integer" }, b: { type: "boolean" }, c: { enum: [1, 2] } }, required: ["a"], additionalProperties: false }));
rate("fc.nat", fc.nat());
rate("fc.record3", fc.record({ a: fc.nat(), b: fc.boolean(), c: fc.constantFrom(1, 2) }));
