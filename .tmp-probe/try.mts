import { probeEmulator } from "../src/probe/probe-emulator.js";
import { isContradiction } from "../src/probe/measured-matrix.js";
const provider = process.argv[2] as any;
const t = Date.now();
const section = await probeEmulator(provider, { concurrency: 8, retry: { sleep: async () => {} } });
console.log(provider, "requests", section.settings.requestsSent, "ms", Date.now() - t);
for (const d of section.diffFromProfile) {
  const cell = section.modes.find(m => m.mode === d.mode)!.features[d.feature] as any;
  console.log(isContradiction(d) ? "X" : " ", d.mode, d.feature, d.documented, "->", d.measured, "|", cell.evidence.summary.slice(0, 200));
}
