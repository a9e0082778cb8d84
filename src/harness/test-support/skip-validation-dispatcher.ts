// A dispatcher module that breaks one rule (skip-validation), for the conformance tests and `--dispatcher`.
import { brokenDispatcher } from "./broken-dispatcher.js";

export default brokenDispatcher("skip-validation");
