// Short, model-facing text for a failed validation: one line per error, naming the field by a
// JavaScript-like path ("data.items[2].qty") and the reason, so a model can fix its arguments.
import { parsePointer } from "./json-pointer.js";
import type { LiteError } from "./types.js";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** "/items/2/a b" → `data.items[2]["a b"]`. Digit-only segments read as indices. */
export function dataPath(instancePath: string): string {
  let path = "data";
  for (const token of parsePointer(instancePath) ?? [instancePath]) {
    if (/^(0|[1-9]\d*)$/.test(token)) path += `[${token}]`;
    else if (IDENTIFIER.test(token)) path += `.${token}`;
    else path += `[${JSON.stringify(token)}]`;
  }
  return path;
}

const quoteAll = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value)).join(", ");

/** Ajv's message plus the detail a model needs and Ajv keeps in params (which name, which values). */
function reason(error: LiteError): string {
  const { params } = error;
  switch (error.keyword) {
    case "additionalProperties":
      return `${error.message} (${JSON.stringify(params.additionalProperty)})`;
    case "unevaluatedProperties":
      return `${error.message} (${JSON.stringify(params.unevaluatedProperty)})`;
    case "enum":
      return `${error.message}: ${quoteAll(params.allowedValues as unknown[])}`;
    case "const":
      return `${error.message}: ${JSON.stringify(params.allowedValue)}`;
    default:
      return error.message;
  }
}

export function formatErrors(errors: readonly LiteError[]): string {
  return errors
    .map((error) => {
      const name = error.propertyName === undefined ? "" : ` (property name ${JSON.stringify(error.propertyName)})`;
      return `${dataPath(error.instancePath)}${name}: ${reason(error)}`;
    })
    .join("\n");
}
