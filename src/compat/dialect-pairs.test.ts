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

describe("compat on schemas as producers ship them", () => {
  it("reads a draft-07 $schema as its dialect and builds the bound + 1 past 2^53 - 1", async () => {
    const { runCompat } = await import("./run-compat.js");
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "compat-draft7-"));
    const tool = (maximum?: number) => ({
      name: "think",
      inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { n: { type: "integer", minimum: 1, ...(maximum === undefined ? {} : { maximum }) } }, required: ["n"] },
    });
    await writeFile(join(dir, "old.json"), JSON.stringify({ catalog: "s", version: "1.0.0", tools: { tools: [tool()] } }));
    await writeFile(join(dir, "new.json"), JSON.stringify({ catalog: "s", version: "1.1.0", tools: { tools: [tool(Number.MAX_SAFE_INTEGER)] } }));
    const section = await runCompat({ oldPaths: [join(dir, "old.json")], newPaths: [join(dir, "new.json")] });
    const result = section.results[0]!;
    expect(result.verdict).toBe("breaking");
    expect(result.changes[0]).toMatchObject({ status: "confirmed", witnessedBy: "construction" });
    expect(result.counterexample?.value).toEqual({ n: 9007199254740992 });
  });
});

describe("values just past a bound", () => {
  it("is the bound + 1, and past 2^53 the next double", async () => {
    const { valuesPast, nextDouble } = await import("./value-narrowings.js");
    expect(valuesPast({ value: 5, exclusive: false, keyword: "maximum" }, "upper")).toEqual([6, nextDouble(5, 1)]);
    expect(valuesPast({ value: 5, exclusive: true, keyword: "exclusiveMaximum" }, "upper")[0]).toBe(5);
    expect(valuesPast({ value: Number.MAX_SAFE_INTEGER, exclusive: false, keyword: "maximum" }, "upper")).toContain(2 ** 53);
    expect(valuesPast({ value: 2 ** 53, exclusive: false, keyword: "maximum" }, "upper")).toEqual([2 ** 53 + 2]);
    expect(valuesPast({ value: -(2 ** 60), exclusive: false, keyword: "minimum" }, "lower").every((v) => v < -(2 ** 60))).toBe(true);
    expect(valuesPast({ value: 0, exclusive: false, keyword: "minimum" }, "lower")).toEqual([-1, -Number.MIN_VALUE]);
  });
});

describe("unknown keywords in compat", () => {
  it("refuses one by default, naming the place, and lists it when read as an annotation", async () => {
    const { runCompat } = await import("./run-compat.js");
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "compat-unknown-"));
    await writeFile(join(dir, "old.json"), JSON.stringify({ type: "string", minLenght: 2 }));
    await writeFile(join(dir, "new.json"), JSON.stringify({ type: "string", discriminator: { propertyName: "k" } }));
    const paths = { oldPaths: [join(dir, "old.json")], newPaths: [join(dir, "new.json")] };
    await expect(runCompat(paths)).rejects.toThrow(/old\.json.*\/minLenght.*not a draft2020-12 keyword/);
    const section = await runCompat({ ...paths, unknownKeywords: "annotate" });
    expect(section.results[0]!.notes?.join(" ")).toContain("minLenght at /minLenght");
  });
});
