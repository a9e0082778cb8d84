// The lab's own catalogs (suites/catalogs): they load, every schema compiles under draft 2020-12,
// and together they exercise the taxonomy.
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { detectFeatures } from "./detect-features.js";
import { FEATURE_IDS } from "./features.js";
import { listCatalogFiles, loadCatalogs } from "./load-catalog.js";
import type { DeclaredSchema } from "./types.js";

// ajv-formats is CommonJS: under NodeNext its default import is module.exports, whose `default` is the plugin.
const addFormats = ajvFormats.default;

const CATALOGS = fromRoot("suites", "catalogs");
let declared: DeclaredSchema[];

beforeAll(async () => {
  declared = await loadCatalogs([CATALOGS]);
});

const byId = (id: string): DeclaredSchema => {
  const found = declared.find((schema) => schema.id === id);
  if (!found) throw new Error(`no ${id} in suites/catalogs`);
  return found;
};

describe("suites/catalogs", () => {
  it("holds at least 8 catalogs in every native format", async () => {
    expect((await listCatalogFiles([CATALOGS])).length).toBeGreaterThanOrEqual(8);
    expect(new Set(declared.map((schema) => schema.source.format))).toEqual(new Set(["openai", "anthropic", "gemini", "mcp", "schema"]));
    // An MCP outputSchema is a tool result (issue 22).
    expect(new Set(declared.map((schema) => schema.role))).toEqual(new Set(["tool-input", "structured-output", "tool-result"]));
  });

  it("compiles every schema with Ajv (draft 2020-12, ajv-formats)", () => {
    for (const schema of declared) {
      const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
      addFormats(ajv);
      expect(() => ajv.compile(schema.schema as object), schema.id).not.toThrow();
    }
  });

  it("uses every taxonomy feature except the size limits and property order (how a value comes back, not a keyword)", () => {
    const used = new Set(declared.flatMap((schema) => detectFeatures(schema.schema).map((use) => use.feature)));
    expect(FEATURE_IDS.filter((id) => !used.has(id) && !id.startsWith("limit:") && id !== "order:properties")).toEqual([]);
  });

  it("marks tools that write as high risk", () => {
    for (const id of ["fitness/write_measurement", "support/issue_refund", "partner-payments/create_transfer", "partner-payments/set_spend_limit"]) {
      expect(byId(id).risk, id).toBe("high");
    }
  });

  it("declares write_measurement as the fitness app does: optional measured values, closed objects", () => {
    const uses = detectFeatures(byId("fitness/write_measurement").schema);
    expect(uses).toContainEqual({ feature: "optional", path: "/properties/data/properties/body_fat_pct" });
    expect(uses).toContainEqual({ feature: "multipleOf", path: "/properties/data/properties/weight_kg" });
    expect(uses).toContainEqual({ feature: "additionalProperties:false", path: "/properties/data" });
    expect(byId("fitness/write_measurement").version).toBe("1.2.0");
  });

  it("reads versions from the wrapper, schema_version and a versioned $id", () => {
    expect(byId("support/route_ticket").version).toBe("0.9.0");
    expect(byId("file-tree/describe_repository").version).toBe("2.0.0");
    expect(byId("product-search/search_products").version).toBe("1.4.0");
    expect(byId("calendar/create_event").version).toBeNull();
  });

  it("has a recursive schema", () => {
    const recursive = declared.filter((schema) => detectFeatures(schema.schema).some((use) => use.feature === "$ref:recursive"));
    expect(recursive.map((schema) => schema.id)).toEqual(expect.arrayContaining(["file-tree/describe_repository", "comment-moderation/moderate_thread"]));
  });
});
