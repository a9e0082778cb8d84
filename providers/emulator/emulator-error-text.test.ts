import { describe, expect, test } from "vitest";
import { fillTemplate, pythonContext } from "./emulator-error-text.js";

describe("pythonContext", () => {
  test("prints a JSON Pointer as OpenAI's Python tuple", () => {
    expect(pythonContext("")).toBe("()");
    expect(pythonContext("/properties")).toBe("('properties',)");
    expect(pythonContext("/properties/organizations/items")).toBe("('properties', 'organizations', 'items')");
    expect(pythonContext("/properties/it's")).toBe(`('properties', "it's")`);
    expect(pythonContext(`/properties/it's "x"`)).toBe(`('properties', 'it\\'s "x"')`);
  });
});

describe("fillTemplate", () => {
  test("fills known placeholders and leaves unknown ones visible", () => {
    expect(fillTemplate("Invalid schema for function '<name>': <kw> at <where>", { name: "f", kw: "allOf" })).toBe("Invalid schema for function 'f': allOf at <where>");
  });
});
