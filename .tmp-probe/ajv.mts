import Ajv2020Module from "ajv/dist/2020.js";
import { buildLimitSchema } from "../src/probe/build-limit-schema.js";
const Ajv2020 = Ajv2020Module.default;
for (const allErrors of [false, true]) {
  const ajv = new Ajv2020({ strict: false, allErrors, logger: false });
  for (const size of [1875, 5001, 6000]) {
    try { const v = ajv.compile(buildLimitSchema("properties", size, { closeObjects: true }) as object); const value = Object.fromEntries(Array.from({length:size},(_, i)=>["k"+i,false])); console.log(allErrors, size, v(value)); }
    catch (e) { console.log(allErrors, size, (e as Error).message); }
  }
}
