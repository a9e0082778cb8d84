import { loadCatalogs } from "./src/schema/load-catalog.js";
import { loadProfiles, resolveTarget, listTargets } from "./providers/load-profiles.js";
import { translateForMode } from "./providers/translators.js";
const schemas = await loadCatalogs(["suites/catalogs/fitness.json"]);
const d = schemas[0]!;
console.log(listTargets().join("\n"));
for (const t of ["openai:chat.tools.strict", "anthropic:messages.tools.strict", "google:generate.functionDeclarations.parameters"]) {
  const { mode } = resolveTarget(t);
  for (const u of ["strip", "reject"] as const) {
    const r = translateForMode(d, mode, { unsupported: u });
    console.log("==", t, u);
    console.log(JSON.stringify(r.changes.map(c => `${c.kind} ${c.path} ${c.keyword} lossy=${c.lossy}`), null, 0));
    console.log(JSON.stringify(r.rejected, null, 1));
    if (u === "strip") console.log(JSON.stringify(r.native));
  }
}
