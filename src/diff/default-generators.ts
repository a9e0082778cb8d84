// The lab's own generators (generators/) behind the engine's GeneratorSet.
import { nearMiss } from "../../generators/near-miss.js";
import { schemaOver } from "../../generators/schema-over.js";
import { validValue } from "../../generators/valid-value.js";
import type { JsonSchema } from "../schema/index.js";
import type { GeneratorSet } from "./case-source.js";
import type { SchemaGenerator } from "./fuzz-targets.js";

export const defaultGenerators: GeneratorSet = {
  validValue: (schema) => validValue(schema as JsonSchema),
  nearMiss: (schema) => nearMiss(schema as JsonSchema),
};

export const schemaGenerator: SchemaGenerator = (features) => schemaOver(features);
