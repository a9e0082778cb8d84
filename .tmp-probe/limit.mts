import { startEmulator } from "../providers/emulator-start.js";
import { callProvider } from "../providers/wire-adapters.js";
import { buildLimitSchema } from "../src/probe/build-limit-schema.js";
const em = await startEmulator({ provider: "openai" });
for (const size of [300, 600, 1000, 1875, 2500, 5000]) {
  const t = Date.now();
  const ex = await callProvider("openai", { model: "m", prompt: "```json\n{}\n```", schema: buildLimitSchema("properties", size, { closeObjects: true }), mode: "chat.tools.strict", maxTokens: 16, apiKey: "k", baseUrl: em.baseUrl }, { timeoutMs: 60000 });
  console.log(size, Date.now() - t, ex.outcome.kind === "response" ? ex.outcome.response.status : ex.outcome, JSON.stringify(ex.parsed?.answer).slice(0, 300));
}
await em.close();
