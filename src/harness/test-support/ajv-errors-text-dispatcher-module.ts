// The Ajv errorsText dispatcher as a module file, for `schemalab dispatch --dispatcher PATH`.
import { ajvErrorsTextDispatcher } from "./ajv-errors-text-dispatcher.js";

export default ajvErrorsTextDispatcher();
