import { judgeSample } from "../src/probe/judge-sample.js";
import { standaloneProbeSchema } from "../src/probe/probe-document.js";
import { loadProbeSuite } from "../src/probe/probe-suite.js";
const p = loadProbeSuite().probes.find(p => p.feature === "$ref:recursive")!;
console.log(JSON.stringify(standaloneProbeSchema(p)), JSON.stringify(judgeSample(standaloneProbeSchema(p), p.tempting)));
