// Calls process.exit(3) on any value holding a number above 100; Ajv otherwise.
import { ajvValidator } from "../../validators/ajv-validator.js";
import { holdsNumberAbove } from "./value-probes.js";

export default {
  name: "exits-on-big-numbers",
  compile(schema: object | boolean) {
    const validate = ajvValidator.compile(schema);
    return (value: unknown) => {
      if (holdsNumberAbove(value, 100)) process.exit(3);
      return validate(value);
    };
  },
};
