// A dispatcher module that breaks one rule (parse-failure-as-empty-object), for the conformance tests and `--dispatcher`.
import { brokenDispatcher } from "./broken-dispatcher.js";

export default brokenDispatcher("parse-failure-as-empty-object");
