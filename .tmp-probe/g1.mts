import { probeEmulator } from "../src/probe/probe-emulator.js";
const bs = Number(process.argv[3] ?? 1);
const section = await probeEmulator(process.argv[2] as any, { concurrency: 8, batchSize: bs, modes: [process.argv[4]!] });
for (const m of section.modes) for (const [f,c] of Object.entries(m.features)) if (c.status !== "enforced") console.log(" ", f, c.status, (c.evidence as any).summary.slice(0,120));
console.log(section.settings.requestsSent);
