// A small GeneratorSet for engine tests that must not depend on the lab's generators: valid values
// from generators/valid-value.ts, and near misses that swap one property's value or add one.
import * as fc from "fast-check";
import { validValue } from "../../../generators/valid-value.js";
import type { JsonSchema } from "../../schema/index.js";
import type { GeneratorSet } from "../case-source.js";
import type { FuzzCase } from "../classify-difference.js";

function withSwappedProperty(value: unknown): fc.Arbitrary<FuzzCase> {
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 0) return fc.constant({ value: "not an object", family: "type-flip", path: "", feature: "type:object", expectedValid: false });
  return fc.tuple(fc.constantFrom(...keys), fc.constantFrom<unknown>(null, "12", 1.5)).map(([key, replacement]) => ({
    value: { ...object, [key]: replacement },
    family: "swap",
    path: `/${key}`,
    feature: "swap",
    expectedValid: null,
  }));
}

const tinyGenerators: GeneratorSet = {
  validValue: (schema) => validValue(schema as JsonSchema),
  nearMiss: (schema) =>
    validValue(schema as JsonSchema).chain((value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? fc.oneof(withSwappedProperty(value), fc.constant({ value: { ...value, zz_extra: 1 }, family: "extra-property", path: "/zz_extra", feature: "additionalProperties:false", expectedValid: null }))
        : fc.constant({ value: [value], family: "type-flip", path: "", feature: "type", expectedValid: null }),
    ),
};

export default tinyGenerators;
