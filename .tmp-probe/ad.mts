import { probeEmulator } from "../src/probe/probe-emulator.js";
const s = await probeEmulator("anthropic", { modes: ["messages.tools.strict"], features: ["minLength", "enum", "oneOf"] });
for (const [f, c] of Object.entries(s.modes[0]!.features)) console.log(f, c.status, JSON.stringify((c.evidence as any).adapter));
