// Refuses schemas that use `format` at compile time, and throws a TypeError on any array; Ajv otherwise.
import { ajvValidator } from "../../validators/ajv-validator.js";

export default {
  name: "throws-sometimes",
  compile(schema: object | boolean) {
    if (JSON.stringify(schema).includes('"format"')) throw new Error("unsupported keyword: format");
    const validate = ajvValidator.compile(schema);
    return (value: unknown) => {
      if (JSON.stringify(value).includes("[")) throw new TypeError("cannot read arrays");
      return validate(value);
    };
  },
};
