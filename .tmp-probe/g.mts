import { probeEmulator } from "../src/probe/probe-emulator.js";
import { loadProfiles } from "../providers/load-profiles.js";
const section = await probeEmulator("google", { concurrency: 8 });
const profile = loadProfiles().find(p => p.provider === "google")!;
for (const m of section.modes) { const doc = profile.modes.find(x => x.mode === m.mode)!; console.log("==", m.mode, doc.enforcement);
 for (const [f,c] of Object.entries(m.features)) { const d = doc.features[f]?.status; if (d === "unknown" || c.status === "error" || ["propertyNames","unevaluatedProperties"].includes(f)) console.log(" ", f, d, "->", c.status, (c.evidence as any).summary.slice(0,150)); } }
