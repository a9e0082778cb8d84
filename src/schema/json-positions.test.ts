import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonPointerOffsets, positionOfPointer } from "./json-positions.js";

describe("jsonPointerOffsets", () => {
  it("points at the key of a member and at an array item's value", () => {
    const text = '{\n  "tools": [\n    { "name": "a",\n      "parameters": { "type": "object", "properties": { "x/y": { "pattern": "^a" } } } }\n  ]\n}\n';
    const offsets = jsonPointerOffsets(text);
    expect(positionOfPointer(text, offsets, "/tools/0")).toEqual({ line: 3, column: 5 });
    expect(positionOfPointer(text, offsets, "/tools/0/parameters/properties/x~1y/pattern")).toEqual({ line: 4, column: 66 });
    expect(positionOfPointer(text, offsets, "/tools/0/parameters/missing/deeper")).toEqual({ line: 4, column: 7 });
  });

  it("finds every pointer of any JSON value, each at text that starts its key or value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const offsets = jsonPointerOffsets(text);
        const pointers: string[] = [];
        const walk = (v: unknown, p: string) => {
          pointers.push(p);
          if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${p}/${i}`));
          else if (v && typeof v === "object") for (const [k, item] of Object.entries(v)) walk(item, `${p}/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`);
        };
        walk(value, "");
        for (const pointer of pointers) expect(offsets.has(pointer)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
