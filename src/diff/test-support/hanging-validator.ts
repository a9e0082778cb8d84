// Hangs (a busy loop that never ends) on any object with a property holding null; Ajv otherwise.
import { ajvValidator } from "../../validators/ajv-validator.js";

function holdsNull(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.values(value).some((item) => item === null || holdsNull(item));
}

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
