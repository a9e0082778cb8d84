import { describe, expect, it } from "vitest";
import { ajvValidator } from "../validators/ajv-validator.js";
import { schemaGenerator } from "./default-generators.js";
import { generateTargets, liteClaimedFeatures, loadCatalogTargets } from "./fuzz-targets.js";
import { fromRoot } from "../package-root.js";

describe("what a run fuzzes", () => {
  it("draws generated schemas only from the features lite claims", () => {
    const features = liteClaimedFeatures();
    expect(features).toEqual(expect.arrayContaining(["type:string", "multipleOf", "format:date", "unevaluatedProperties", "$ref:recursive"]));
    expect(features).not.toContain("format:other");
  });

  it("builds generated schema j from the seed alone, whatever N, and Ajv compiles them", () => {
    const five = generateTargets(5, 42, schemaGenerator);
    const three = generateTargets(3, 42, schemaGenerator);
    expect(three).toEqual(five.slice(0, 3));
    expect(five.map((target) => target.id)).toEqual(["generated/0", "generated/1", "generated/2", "generated/3", "generated/4"]);
    expect(generateTargets(1, 43, schemaGenerator)[0]).not.toEqual(five[0]);
    for (const target of five) expect(() => ajvValidator.compile(target.schema)).not.toThrow();
  });

  it("keeps each declared schema's catalog file for replay lines", async () => {
    const targets = await loadCatalogTargets([fromRoot("suites", "catalogs", "fitness.json")]);
    expect(targets.map((target) => target.id)).toEqual(["fitness/write_measurement", "fitness/log_meal", "fitness/get_measurements"]);
    expect(targets.every((target) => target.file?.endsWith("fitness.json"))).toBe(true);
  });
});
