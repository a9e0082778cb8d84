// Calls process.exit(3) on any value holding the string "12"; Ajv otherwise.
import { ajvValidator } from "../../validators/ajv-validator.js";

export default {
  name: "exits-on-text",
  compile(schema: object | boolean) {
    const validate = ajvValidator.compile(schema);
    return (value: unknown) => {
      if (JSON.stringify(value).includes('"12"')) process.exit(3);
      return validate(value);
    };
  },
};
