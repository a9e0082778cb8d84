// Guards: the generator fallback hands constrained decoding a value. generators/valid-value.ts gives a
// fast-check arbitrary, and the emulator used to pass that arbitrary on as if it were the value, so the
// fallback never produced anything Ajv accepted.
import { expect, test } from "vitest";
import { createConformanceChecker } from "../schema-rules/emulator-check-conformance.js";
import { loadValidValue } from "./emulator-valid-value.js";

const schema = { type: "object", properties: { word: { type: "string", not: { enum: [""] } }, n: { type: "integer", minimum: 3 } }, required: ["word", "n"] };

test("the loaded generator gives a value that conforms, the same one each time", async () => {
  const validValue = await loadValidValue();
  expect(validValue).toBeDefined();
  const value = validValue!(schema);
  expect(createConformanceChecker().check(schema, value)).toEqual({ valid: true });
  expect(validValue!(schema)).toEqual(value);
});
