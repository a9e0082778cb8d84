// Checks what `report` reads against results.schema.json, so renderers can trust the shapes they get.
import Ajv2020Module from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import resultsSchema from "./results.schema.json" with { type: "json" };

// Ajv is CommonJS: under NodeNext the class sits on `.default`.
const Ajv2020 = Ajv2020Module.default;

/** What a value is checked as: a merged document, one JSON Lines record, or one verb's section. */
export type ResultsShape = "document" | "record" | "section";

let validators: Record<ResultsShape, ValidateFunction> | undefined;

function compileValidators(): Record<ResultsShape, ValidateFunction> {
  // One error is enough to name the place; discriminator keeps it to the branch `kind` selects.
  const ajv = new Ajv2020({ discriminator: true, allErrors: false, strict: true, allowUnionTypes: true, logger: false });
  ajv.addSchema(resultsSchema);
  const get = (shape: ResultsShape): ValidateFunction => {
    const validate = ajv.getSchema(`${resultsSchema.$id}#/$defs/${shape}`);
    if (!validate) throw new Error(`results.schema.json has no $defs/${shape}`);
    return validate;
  };
  return { document: get("document"), record: get("record"), section: get("section") };
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === "" ? "(top level)" : error.instancePath;
  if (error.keyword === "discriminator") {
    if (error.params.error === "tag") return `${where}: "kind" is missing or not a string`;
    return `${where}: kind ${JSON.stringify(error.params.tagValue)} is not a known record kind`;
  }
  if (error.keyword === "enum") return `${where}: must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  return `${where}: ${error.message}`;
}

/** Undefined when `value` matches the shape, else one line naming the failing path. */
export function findSchemaViolation(value: unknown, shape: ResultsShape): string | undefined {
  validators ??= compileValidators();
  const validate = validators[shape];
  if (validate(value)) return undefined;
  const [first] = validate.errors ?? [];
  return first ? describeError(first) : "does not match results.schema.json";
}
