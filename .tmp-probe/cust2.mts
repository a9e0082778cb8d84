import { startEmulator } from "../providers/emulator-start.js";
import { runProbe } from "../src/probe/run-probe.js";
const em = await startEmulator({ provider: "openai-compatible", profile: { "chat.response_format": { uniqueItems: "ignored", dependentRequired: "ignored", maxProperties: "ignored", minLength: "ignored", optional: "altered", enum: "altered" } } as any, unknownAs: "enforced" });
const s = await runProbe({ provider: "openai-compatible", model: "m", baseUrl: em.baseUrl, modes: ["chat.response_format"], features: ["uniqueItems", "dependentRequired", "items", "contains", "minItems", "maxProperties"] });
for (const [f, c] of Object.entries(s.modes[0]!.features)) console.log(f, c.status, JSON.stringify(c.evidence).slice(0, 400));
console.log(JSON.stringify(em.requests.map(r => [r.outcome, r.decoding, r.features.length])));
await em.close();
