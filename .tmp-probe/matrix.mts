import { probeEmulator } from "../src/probe/probe-emulator.js";
const section = await probeEmulator(process.argv[2] as any, { concurrency: 8, retry: { sleep: async () => {} } });
for (const m of section.modes) { const by: Record<string,string[]> = {}; for (const [f,c] of Object.entries(m.features)) (by[c.status] ??= []).push(f); console.log(m.mode, JSON.stringify(Object.fromEntries(Object.entries(by).map(([k,v])=>[k, v.length <= 12 ? v.join(",") : v.length])))); }
