// Kills its worker thread on any value holding a number from 600 to 640 (two or three cases in 150): process.reallyExit is not
// intercepted the way process.exit is, so the pool must notice the death and replace the worker.
import { ajvValidator } from "../../validators/ajv-validator.js";
import { holdsNumberBetween } from "./value-probes.js";

export default {
  name: "kills-its-worker",
  compile(schema: object | boolean) {
    const validate = ajvValidator.compile(schema);
    return (value: unknown) => {
      if (holdsNumberBetween(value, 600, 640)) (process as unknown as { reallyExit(code: number): never }).reallyExit(7);
      return validate(value);
    };
  },
};
