// A dispatcher module that breaks one rule (drop-call-id), for the conformance tests and `--dispatcher`.
import { brokenDispatcher } from "./broken-dispatcher.js";

export default brokenDispatcher("drop-call-id");
