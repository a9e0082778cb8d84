// Test support: constrained decoding's repair of one value against one schema, held to Ajv (every
// repair a test asks for must end conforming).
import { expect } from "vitest";
import { createConformanceChecker } from "../emulator/schema-rules/emulator-check-conformance.js";
import { repairValue } from "../emulator/answer/emulator-repair-value.js";
import { judgeWithinRoot } from "../emulator/schema-rules/emulator-subschema-judge.js";

const checker = createConformanceChecker();

export function repairedConforming(value: unknown, schema: Record<string, unknown>): unknown {
  const out = repairValue(value, schema, {
    root: schema,
    formatOk: (format, text) => checker.check({ type: "string", format }, text).valid,
    conforms: judgeWithinRoot(schema, checker),
  });
  expect(checker.check(schema, out)).toEqual({ valid: true });
  return out;
}
