import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS, parseDialectName } from "./dialect.js";

describe("parseDialectName", () => {
  it("reads each dialect's name and its other spellings, in any case and with spaces around", () => {
    for (const dialect of DIALECTS) expect(parseDialectName(` ${dialect.toUpperCase()} `)).toBe(dialect);
    expect(parseDialectName("draft-07")).toBe("draft7");
    expect(parseDialectName("2020-12")).toBe("draft2020-12");
    expect(parseDialectName("OpenAPI3")).toBe("openapi-3.0");
  });

  it("reads no other name, not even one an object inherits", () => {
    for (const name of ["draft3", "constructor", "__proto__", "toString", "hasOwnProperty", ""]) expect(parseDialectName(name)).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (name) => {
        const dialect = parseDialectName(name);
        expect(dialect === undefined || DIALECTS.includes(dialect)).toBe(true);
      }),
    );
  });
});
