// The broken variant of issue 16 as a module file: answers "ok" for calls it refuses on OpenAI wires.
import { ajvErrorsTextDispatcher } from "./ajv-errors-text-dispatcher.js";

export default ajvErrorsTextDispatcher({ answerOkWhenRefusing: true });
