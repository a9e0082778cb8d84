// The lab's own generators (generators/) behind the engine's GeneratorSet.
import { fakerValue } from "../../generators/faker-value.js";
import { nearMiss, nearMissDeriver } from "../../generators/near-miss.js";
import { schemaOver } from "../../generators/schema-over.js";
import { validValue } from "../../generators/valid-value.js";
import type { JsonSchema } from "../schema/index.js";
import type { GeneratorSet } from "./case-source.js";
import type { SchemaGenerator } from "./fuzz-targets.js";

/** Raised inside generation when json-schema-faker fails: the case source falls back to a valid value. */
class FakerFailure extends Error {
  override readonly name = "FakerFailure";
}

export const defaultGenerators: GeneratorSet = {
  validValue: (schema) => validValue(schema as JsonSchema),
  nearMiss: (schema) => nearMiss(schema as JsonSchema),
  nearMissDeriver: (schema) => nearMissDeriver(schema as JsonSchema),
  fakerValue: (schema) =>
    fakerValue(schema as JsonSchema).map((drawn) => {
      if (!drawn.ok) throw new FakerFailure(drawn.failure);
      return drawn.value;
    }),
};

export const schemaGenerator: SchemaGenerator = (features) => schemaOver(features);
