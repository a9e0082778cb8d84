import { startEmulator } from "../providers/emulator-start.js";
import { callProvider } from "../providers/wire-adapters.js";
import { buildProbeDocument } from "../src/probe/probe-document.js";
import { loadProbeSuite } from "../src/probe/probe-suite.js";
import { buildProbePrompt } from "../src/probe/probe-prompt.js";
const probe = loadProbeSuite().probes.find(p => p.feature === "$ref:siblings")!;
const doc = buildProbeDocument([probe], { closeObjects: false });
for (const [provider, mode] of [["google","generate.responseJsonSchema"],["anthropic","messages.tools.strict"],["google","generate.functionDeclarations.parametersJsonSchema"]]) {
const em = await startEmulator({ provider: provider as any });
const ex = await callProvider(provider as any, { model: "gemini-2.5-flash", prompt: buildProbePrompt(doc.value), schema: doc.schema, mode, apiKey: "k", baseUrl: em.baseUrl }, { timeoutMs: 5000 });
console.log(mode, JSON.stringify(ex.parsed?.answer), JSON.stringify(em.requests.map(r => [r.outcome, r.decoding, r.features])));
await em.close();
}
console.log(JSON.stringify(doc.schema));
