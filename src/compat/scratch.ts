import { loadCatalogs } from "../schema/load-catalog.js";
import { compareVersions } from "./compare-versions.js";
import { compileReferenceCheck } from "./reference-check.js";
const all = await loadCatalogs(["suites/catalogs"]);
let n = 0, breaking = 0, bad = 0; const t0 = Date.now();
for (const a of all) for (const b of all) {
  if (a === b) continue;
  for (const dir of ["backward", "forward"] as const) {
    const t = Date.now();
    let r;
    try { r = compareVersions(a, b, dir, { runs: 50, seed: 3, replay: "" }); } catch (e) { console.log("THROW", a.id, b.id, dir, (e as Error).message.slice(0, 200)); bad++; continue; }
    n++;
    if (Date.now() - t > 3000) console.log("slow", a.id, b.id, dir, Date.now() - t);
    if (r.verdict === "breaking") breaking++;
    const [src, tgt] = dir === "backward" ? [a.schema, b.schema] : [b.schema, a.schema];
    const cs = compileReferenceCheck(src), ct = compileReferenceCheck(tgt);
    for (const c of r.changes) if (c.counterexample) {
      if (!cs(c.counterexample.value).valid || ct(c.counterexample.value).valid) { console.log("BAD CE", a.id, b.id, dir, c.kind); bad++; }
    }
    for (const note of r.notes ?? []) if (!note.includes("unchanged")) console.log("note", a.id, "->", b.id, dir, note.slice(0, 160));
  }
}
console.log({ n, breaking, bad, ms: Date.now() - t0 });
