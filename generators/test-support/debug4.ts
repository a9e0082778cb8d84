import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { compile } from "../../src/lite/index.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
for (const s of schemas) { try { compile(s.schema); } catch (e) { console.log(s.id, (e as Error).message); } }
