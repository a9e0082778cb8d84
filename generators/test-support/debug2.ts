import Ajv2020Module from "ajv/dist/2020.js";
import { compile } from "../../src/lite/index.js";
const ajv = new Ajv2020Module.default({ strict: false, logger: false });
const tries: Record<string, object> = {
  depSchemasAbsent: { type: "object", properties: { a: {}, b: {} }, dependentSchemas: { c: { properties: { a: { not: { const: 1 } } } } }, unevaluatedProperties: false },
  rewritten: { type: "object", properties: { a: {}, b: {} }, allOf: [{ if: { required: ["c"] }, then: { properties: { a: { not: { const: 1 } } } } }], unevaluatedProperties: false },
};
for (const [name, schema] of Object.entries(tries)) {
  const v = ajv.compile(schema);
  const l = compile(schema);
  console.log(name, v({ a: 2, b: 0 }), v({ a: 2, c: 1 }), v({ a: 1, c: 1 }), JSON.stringify(l({ a: 2, b: 0 })), JSON.stringify(l({ a: 1, c: 1 })).slice(0, 100));
}
