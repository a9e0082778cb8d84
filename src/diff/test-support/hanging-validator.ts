// Never returns on a value holding null anywhere; Ajv otherwise.
import { ajvValidator } from "../../validators/ajv-validator.js";
import { holdsNull } from "./value-probes.js";

export default {
  name: "hangs-on-null",
  compile(schema: object | boolean) {
    const validate = ajvValidator.compile(schema);
    return (value: unknown) => {
      if (holdsNull(value)) for (;;);
      return validate(value);
    };
  },
};
