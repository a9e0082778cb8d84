// The duplicate-key scanner reads the raw answer text, where JSON.parse hides a repeated key.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanDuplicateKeys } from "./scan-duplicate-keys.js";

describe("scanDuplicateKeys", () => {
  it("finds a repeated key JSON.parse would collapse, with its object's path", () => {
    expect(scanDuplicateKeys('{"name":"a","name":"b"}')).toEqual([{ path: "", key: "name" }]);
    expect(scanDuplicateKeys('{"p_x":{"a":1,"b":[{"k":1,"k":2}],"a":3}}')).toEqual([
      { path: "/p_x/b/0", key: "k" },
      { path: "/p_x", key: "a" },
    ]);
  });

  it("reads keys through escapes, and strings that look like structure as strings", () => {
    expect(scanDuplicateKeys('{"a\\"b":1,"a\\u0022b":2}')).toEqual([{ path: "", key: 'a"b' }]);
    expect(scanDuplicateKeys('{"a":"{\\"a\\":1,","b":"]","c":[1,{"a":1}]}')).toEqual([]);
  });

  it("finds nothing in any text JSON.stringify writes", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(scanDuplicateKeys(JSON.stringify(value))).toEqual([]);
      }),
    );
  });

  it("finds the key added again to any object", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), (record) => {
        const key = Object.keys(record)[0]!;
        // A replacer function: a key such as "$&" must not read as a replacement pattern.
        const text = JSON.stringify(record).replace(/}$/, () => `,${JSON.stringify(key)}:null}`);
        expect(scanDuplicateKeys(text)).toContainEqual({ path: "", key });
      }),
    );
  });
});
