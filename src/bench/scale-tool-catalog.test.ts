import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { scaleToolCatalog } from "./scale-tool-catalog.js";

describe("scaleToolCatalog", () => {
  // Regression: generated tools used to carry only their kind's spec, whose refs named definitions
  // left behind, so a quarter of the 2,000-tool catalog could not be compiled by anyone.
  it("gives generated tools whose every $ref resolves inside the tool", () => {
    const tools = scaleToolCatalog(120, null);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const unresolved = tools.flatMap((tool) => {
      try {
        ajv.compile(tool.function.parameters as object);
        return [];
      } catch (error) {
        return [`${tool.function.name}: ${(error as Error).message}`];
      }
    });
    expect(unresolved).toEqual([]);
    expect(tools.some((tool) => "definitions" in (tool.function.parameters as object))).toBe(true);
  });
});
