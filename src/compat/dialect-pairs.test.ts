import { describe, expect, it } from "vitest";
import type { Dialect } from "../lite/dialect.js";
import type { DeclaredSchema, JsonSchema } from "../schema/types.js";
import { compareVersions } from "./compare-versions.js";

const declared = (schema: JsonSchema, version: string, dialect: Dialect): DeclaredSchema => ({
  id: "t/tool", name: "tool", version, source: { file: "t.json", format: "schema", pointer: "" }, schema, role: "tool-input", dialect,
});

describe("compat across dialects", () => {
  it("compares a draft-04 version with a 2020-12 one by what each means", () => {
    const old = declared({ type: "object", properties: { n: { type: "number", maximum: 5, exclusiveMaximum: true } } }, "1.0.0", "draft4");
    const same = declared({ type: "object", properties: { n: { type: "number", exclusiveMaximum: 5 } } }, "1.1.0", "draft2020-12");
    expect(compareVersions(old, same, "backward", { runs: 200, seed: 1, replay: "r" }).verdict).toBe("compatible");
    const tighter = declared({ type: "object", properties: { n: { type: "number", exclusiveMaximum: 4 } } }, "1.1.0", "draft2020-12");
    expect(compareVersions(old, tighter, "backward", { runs: 200, seed: 1, replay: "r" }).verdict).toBe("breaking");
  });

  it("reads a draft-07 tuple as a tuple", () => {
    const old = declared({ type: "array", items: [{ type: "string" }], additionalItems: { type: "integer" } }, "1.0.0", "draft7");
    const narrowed = declared({ type: "array", prefixItems: [{ type: "string" }], items: { type: "integer", minimum: 0 } }, "1.1.0", "draft2020-12");
    expect(compareVersions(old, narrowed, "backward", { runs: 200, seed: 1, replay: "r" }).verdict).toBe("breaking");
  });
});
