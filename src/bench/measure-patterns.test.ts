import { describe, expect, it } from "vitest";
import { measurePatternEngines } from "./measure-patterns.js";

describe("measurePatternEngines", () => {
  it("times every engine on the corpus's patterns and strings, leaving out what one cannot compile", async () => {
    const schema = { properties: { code: { pattern: "^[A-Z]{3}$" }, near: { pattern: "(?<=a)b" } }, patternProperties: { "^x-": {} } };
    const measured = await measurePatternEngines([{ schemaId: "s", schema, dialect: "draft2020-12", valid: [{ code: "EUR", "x-a": "b" }], invalid: [{ code: "eu" }] }], 5);
    expect(measured.patterns).toBe(2);
    expect(measured.skipped).toEqual(["(?<=a)b"]);
    expect(measured.strings).toBeGreaterThanOrEqual(4);
    expect(measured.perSecond.native).toBeGreaterThan(0);
    expect(measured.perSecond.lite).toBeGreaterThan(0);
    expect(measured.perSecond.linear).toBeGreaterThan(0);
    expect(measured.perSecond.re2js).toBeGreaterThan(0);
  });
});
