import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodingProblem, jsonTextProblem, nestingProblem } from "./json-text-limits.js";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("json text limits (a 100,000-level document once ended in RangeError stack traces)", () => {
  it("finds the bracket that passes the limit, outside strings", () => {
    expect(nestingProblem(nested(5), 5)).toBeNull();
    expect(nestingProblem(nested(6), 5)).toEqual({ offset: 5, reason: "nested deeper than 5 levels (the nesting limit of every reader)" });
    expect(nestingProblem(`{"a":"${"[".repeat(50)}\\"["}`, 5)).toBeNull();
    expect(nestingProblem(nested(100_000))?.offset).toBe(1000);
  });

  it("agrees with the parsed depth for any JSON value", () => {
    const depthOf = (value: unknown): number =>
      typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(nestingProblem(text, limit) === null).toBe(depthOf(value) <= limit);
      }),
    );
  });

  it("names UTF-16 and binary files at the start", () => {
    const utf16 = Buffer.from("\ufeff{\"type\":\"object\"}", "utf16le").toString("utf8");
    expect(encodingProblem(utf16)?.reason).toMatch(/UTF-16/);
    expect(encodingProblem(Buffer.from("{\"type\":\"object\"}", "utf16le").toString("utf8"))?.reason).toMatch(/UTF-16/);
    expect(encodingProblem(Buffer.from([0x7b, 0x01, 0x00, 0x00, 0x00, 0x02, 0xff, 0x00]).toString("utf8"))?.reason).toMatch(/binary/);
    expect(jsonTextProblem('{"ok": true}')).toBeNull();
  });
});
