// "Does this part of the answer already fit its part of the schema?": the question constrained decoding
// asks at every node, so it keeps what conforms and rewrites only what does not. A subschema with refs is
// judged in place inside its root (found by object identity), so `#` and `#/$defs/...` mean what they
// mean in the whole document; one without refs is judged alone, compiled once per distinct text (a
// 5,000-property limit probe has one `{ "type": "boolean" }`, not 5,000).
import { appendPointer } from "../../../src/schema/json-pointer.js";
import type { ConformanceChecker, Validator } from "./emulator-check-conformance.js";
import { isRecord, withDefinitions } from "./emulator-schema-facts.js";

export type SubschemaJudge = (schema: unknown, value: unknown) => boolean;

export function judgeWithinRoot(root: unknown, checker: ConformanceChecker): SubschemaJudge {
  const pointers = pointersOfObjects(root);
  const validators = new WeakMap<object, Validator>();
  const validatorFor = (schema: Record<string, unknown>): Validator => {
    let validate = validators.get(schema);
    if (validate === undefined) {
      const pointer = pointers.get(schema);
      const inPlace = pointer !== undefined && holdsRef(schema) ? checker.validatorAt(root, pointer) : null;
      // A schema built during repair (a `$ref`'s siblings, an exclusive oneOf branch) is not in the root.
      validate = inPlace ?? checker.validator(holdsRef(schema) ? withDefinitions(schema, root) : schema);
      validators.set(schema, validate);
    }
    return validate;
  };
  return (schema, value) => {
    if (schema === true || schema === undefined) return true;
    if (!isRecord(schema)) return schema !== false && checker.check(schema, value).valid;
    return validatorFor(schema)(value).valid;
  };
}

/** Every object of the document with its JSON Pointer (the first place it is met). */
function pointersOfObjects(root: unknown): WeakMap<object, string> {
  const pointers = new WeakMap<object, string>();
  const visit = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== "object" || pointers.has(node)) return;
    pointers.set(node, pointer);
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, appendPointer(pointer, index)));
    else for (const [key, item] of Object.entries(node)) visit(item, appendPointer(pointer, key));
  };
  visit(root, "");
  return pointers;
}

function holdsRef(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(holdsRef);
  return Object.entries(node).some(([key, value]) => key === "$ref" || key === "$dynamicRef" || holdsRef(value));
}
