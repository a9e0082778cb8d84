// Kills its worker thread (process.reallyExit is not intercepted) on any value holding the text "12".
import { ajvValidator } from "../../validators/ajv-validator.js";

export default {
  name: "kills-its-worker",
  compile(schema: object | boolean) {
    const validate = ajvValidator.compile(schema);
    return (value: unknown) => {
      if (JSON.stringify(value).includes('"12"')) (process as unknown as { reallyExit(code: number): never }).reallyExit(7);
      return validate(value);
    };
  },
};
