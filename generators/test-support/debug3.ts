import { loadCatalogs } from "../../src/schema/load-catalog.js";
import { walkSchema } from "../../src/schema/walk-schema.js";
import { createGenerationContext } from "../_internals/schema-to-arbitrary.js";
import { DEFAULT_SETTINGS } from "../_internals/generation-context.js";
const schemas = await loadCatalogs(["suites/catalogs"]);
const s = schemas.find((x) => x.id === process.argv[2])!;
const ctx = createGenerationContext(s.schema, DEFAULT_SETTINGS);
walkSchema(s.schema, ({ schema, path }) => {
  const f = ctx.flatten(schema);
  if (f.residuals.length) console.log(path, JSON.stringify(schema).slice(0, 400), "\n  residuals:", JSON.stringify(f.residuals).slice(0, 300));
});
