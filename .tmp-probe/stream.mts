import { probeEmulator } from "../src/probe/probe-emulator.js";
import { findSchemaViolation } from "../src/report/validate-results.js";
for (const provider of ["openai", "anthropic", "google", "openai-compatible"] as const) {
  const plain = await probeEmulator(provider, { concurrency: 8 });
  const t = Date.now();
  const streamed = await probeEmulator(provider, { concurrency: 8, stream: true });
  const s3 = await probeEmulator(provider, { concurrency: 8, samples: 3 });
  const st = (s: typeof plain) => JSON.stringify(s.modes.map(m => Object.fromEntries(Object.entries(m.features).map(([f, c]) => [f, c.status]))));
  const cost = plain.records.reduce((a, r) => a + (r.costUsd ?? 0), 0);
  console.log(provider, "plain req", plain.settings.requestsSent, "ms", plain.settings.wallTimeMs, "stream same:", st(plain) === st(streamed), "stream ms", Date.now() - t, "samples3 same:", st(plain) === st(s3), "req", s3.settings.requestsSent, "cost", cost.toFixed(4));
  console.log("violation:", findSchemaViolation(JSON.parse(JSON.stringify(plain)), "section"));
}
