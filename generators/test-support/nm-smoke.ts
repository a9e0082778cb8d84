import fc from "fast-check";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { nearMiss } from "../near-miss.js";
import { createJudge } from "./reference-judge.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
const tally: Record<string, { n: number; f: number; t: number; u: number; wrong: number }> = {};
for (const s of schemas) {
  const judge = createJudge(s.schema);
  const arb = nearMiss(s.schema);
  fc.sample(arb, { numRuns: 200, seed: 3 });
  const t0 = performance.now();
  const cases = fc.sample(arb, { numRuns: 3000, seed: 5 });
  const dt = performance.now() - t0;
  let wrong = 0;
  for (const c of cases) {
    const e = (tally[c.family] ??= { n: 0, f: 0, t: 0, u: 0, wrong: 0 });
    e.n++;
    if (c.expectedValid === false) e.f++; else if (c.expectedValid === true) e.t++; else e.u++;
    if (c.expectedValid !== null) {
      const j = judge(c.value);
      if (j.spec !== c.expectedValid) { e.wrong++; wrong++; if (wrong < 3) console.log("  WRONG", s.id, c.family, c.path, c.detail, c.expectedValid, JSON.stringify(j.ajvErrors).slice(0, 200)); }
    }
  }
  console.log(s.id.padEnd(42), Math.round(3000 / (dt / 1000)), "/s");
}
console.log(tally);
