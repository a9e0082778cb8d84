import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendPointer,
  decodePointerToken,
  encodePointerToken,
  formatPointer,
  isPointerWithin,
  JsonPointerError,
  parsePointer,
  pointerToRef,
  refToPointer,
  resolvePointer,
} from "./json-pointer.js";

describe("JSON Pointer tokens", () => {
  it("escapes ~ and / as RFC 6901 says", () => {
    expect(encodePointerToken("a/b~c")).toBe("a~1b~0c");
    expect(decodePointerToken("a~1b~0c")).toBe("a/b~c");
  });

  it("decodes ~01 as the literal ~1, not as a slash", () => {
    expect(decodePointerToken("~01")).toBe("~1");
  });

  it("round-trips any list of tokens", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom("a", "/", "~", "0", "1", " ", "é") })), (tokens) => {
        expect(parsePointer(formatPointer(tokens))).toEqual(tokens);
      }),
    );
  });
});

describe("parsePointer", () => {
  it("reads the empty pointer as the whole document", () => {
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("/")).toEqual([""]);
  });

  it("rejects a pointer without the leading slash and bad escapes", () => {
    expect(() => parsePointer("properties")).toThrow(JsonPointerError);
    expect(() => parsePointer("/a~2")).toThrow(/bad escape/);
  });
});

describe("resolvePointer", () => {
  const document = { properties: { "a/b": { items: [{ type: "string" }, false] } }, "": 1, zero: 0 };

  it("follows escaped keys and array indexes", () => {
    expect(resolvePointer(document, "/properties/a~1b/items/1")).toBe(false);
    expect(resolvePointer(document, "/properties/a~1b/items/0/type")).toBe("string");
    expect(resolvePointer(document, "/")).toBe(1);
    expect(resolvePointer(document, "/zero")).toBe(0);
    expect(resolvePointer(document, "")).toBe(document);
  });

  it("gives undefined for places that do not exist", () => {
    expect(resolvePointer(document, "/missing")).toBeUndefined();
    expect(resolvePointer(document, "/properties/a~1b/items/01")).toBeUndefined();
    expect(resolvePointer(document, "/properties/a~1b/items/-")).toBeUndefined();
    expect(resolvePointer(document, "/zero/x")).toBeUndefined();
    expect(resolvePointer(document, "/toString")).toBeUndefined();
  });
});

describe("pointer helpers", () => {
  it("appends escaped tokens", () => {
    expect(appendPointer("/properties", "a/b", 0)).toBe("/properties/a~1b/0");
  });

  it("knows when a pointer sits inside another", () => {
    expect(isPointerWithin("/$defs/node/items", "/$defs/node")).toBe(true);
    expect(isPointerWithin("/$defs/node", "/$defs/node")).toBe(true);
    expect(isPointerWithin("/$defs/nodes", "/$defs/node")).toBe(false);
    expect(isPointerWithin("/anything", "")).toBe(true);
  });

  it("turns same-document refs into pointers and back", () => {
    expect(refToPointer("#")).toBe("");
    expect(refToPointer("#/$defs/a%20b")).toBe("/$defs/a b");
    expect(refToPointer("#node")).toBeNull();
    expect(refToPointer("other.json#/a")).toBeNull();
    expect(pointerToRef("/$defs/a b")).toBe("#/$defs/a%20b");
    expect(refToPointer(pointerToRef("/$defs/x~1y/%"))).toBe("/$defs/x~1y/%");
  });
});
