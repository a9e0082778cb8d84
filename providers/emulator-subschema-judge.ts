// "Does this part of the answer already fit its part of the schema?": the question constrained decoding
// asks at every node, so it keeps what conforms and rewrites only what does not. A subschema is judged in
// place inside its root (refs resolve as in the whole document), found by object identity.
import { appendPointer } from "../src/schema/json-pointer.js";
import type { ConformanceChecker } from "./emulator-check-conformance.js";
import { isRecord, withDefinitions } from "./emulator-schema-facts.js";

export type SubschemaJudge = (schema: unknown, value: unknown) => boolean;

export function judgeWithinRoot(root: unknown, checker: ConformanceChecker): SubschemaJudge {
  const pointers = pointersOfObjects(root);
  return (schema, value) => {
    if (schema === true || schema === undefined) return true;
    if (!isRecord(schema)) return schema !== false && checker.check(schema, value).valid;
    const pointer = pointers.get(schema);
    const inPlace = pointer === undefined ? null : checker.checkAt(root, pointer, value);
    // A schema built during repair (a `$ref`'s siblings, an exclusive oneOf branch) is not in the root.
    return (inPlace ?? checker.check(withDefinitions(schema, root), value)).valid;
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
