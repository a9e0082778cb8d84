import { translateForMode } from "../providers/translators.js";
import { loadProfiles } from "../providers/load-profiles.js";
import { buildProbeDocument } from "../src/probe/probe-document.js";
import { loadProbeSuite } from "../src/probe/probe-suite.js";
const profile = loadProfiles().find(p => p.provider === "anthropic")!;
const mode = profile.modes[1]!;
for (const f of ["minLength", "oneOf", "optional", "enum", "root:non-object"]) {
  const probe = loadProbeSuite().probes.find(p => p.feature === f)!;
  const doc = buildProbeDocument([probe], { closeObjects: false });
  const t = translateForMode({ id: `probe/${f}`, name: "answer", version: null, source: { file: "suites/probes", format: "schema", pointer: "" }, schema: doc.schema, role: mode.role }, mode);
  console.log(f, JSON.stringify(t.changes), JSON.stringify(t.rejected));
}
