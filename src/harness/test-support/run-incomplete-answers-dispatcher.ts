// A dispatcher module that breaks one rule (run-incomplete-answers), for the conformance tests and `--dispatcher`.
import { brokenDispatcher } from "./broken-dispatcher.js";

export default brokenDispatcher("run-incomplete-answers");
