import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapePointerToken, parsePointer, pointerFromPath } from "./json-pointer.js";

describe("JSON Pointer", () => {
  it("escapes ~ and / (in that order)", () => {
    expect(escapePointerToken("a/b~c")).toBe("a~1b~0c");
    expect(escapePointerToken("~1")).toBe("~01");
    expect(pointerFromPath(["items", 2, "a b"])).toBe("/items/2/a b");
    expect(pointerFromPath([])).toBe("");
  });

  it("parses what it builds", () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (tokens) => {
        expect(parsePointer(pointerFromPath(tokens))).toEqual(tokens);
      }),
    );
  });

  it("refuses a pointer without a leading slash", () => {
    expect(parsePointer("a/b")).toBeUndefined();
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("/")).toEqual([""]);
  });
});
