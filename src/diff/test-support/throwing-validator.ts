// Refuses schemas that use `format` at compile time, and throws a TypeError on any array; Ajv otherwise.
import { ajvValidator } from "../../validators/ajv-validator.js";

export default {
  name: "throws-sometimes",
  compile(schema: object | boolean) {
    if (JSON.stringify(schema).includes('"format"')) throw new Error("unsupported keyword: format");
    const validate = ajvValidator.compile(schema);
    return (value: unknown) => {
      if (holdsArray(value)) throw new TypeError("cannot read arrays");
      return validate(value);
    };
  },
};

/** An array anywhere in the value (not a "[" in some text: a near miss may send "[object Object]"). */
function holdsArray(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  return value !== null && typeof value === "object" && Object.values(value).some(holdsArray);
}
