import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { tempFolder } from "../diff/test-support/temp-catalog.js";
import type { CheckResult, FuzzSection } from "../report/model.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";
import { parseCheckJson } from "../check/compact-expand.js";

const MODULE = fromRoot("src", "schema", "sources", "test-support", "producer-tools.ts");

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(argv, io);
  return { code, ...io };
}

describe("--module: code-first schemas converted as each SDK does", () => {
  it("checks each export with the converter named, and fails on the producer that lost its parameters", async () => {
    const checked = await run("check", "--module", MODULE, "--target", "openai:chat.tools", "--format", "json", "--workers", "0");
    const converters = {
      get_forecast: "zod@4.6.7 toJSONSchema",
      book_room: "zod-to-json-schema@3.25.2",
      create_contact: "none: already JSON Schema",
      tag_issue: "@valibot/to-json-schema@1.8.0 toJsonSchema",
      rate_item: "arktype ~standard.jsonSchema.input",
      search_docs: "ai@6.0.325 asSchema",
      lookup_order: "ai@6.0.325 asSchema",
    };
    for (const [name, converter] of Object.entries(converters)) expect(checked.stderr).toMatch(new RegExp(`export \\w+: (tool "${name}": inputSchema|schema) by ${converter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(checked.stderr).toContain("export VERSION: ignored: neither a tool nor a schema (string)");
    expect(checked.stderr).toMatch(/✗ producer-tools\/broken_listing: input-root-object: .*an empty schema \(only \$schema\).*whole request fail on openai/);
    expect(checked.stderr).toMatch(/✗ producer-tools\/custom_standard: not-converted: not checked: a Standard Schema of vendor "custom" with no JSON Schema/);
    expect(checked.code).toBe(1);
    const ids = parseCheckJson(checked.stdout).results.map((result) => result.schemaId);
    expect(ids).toEqual(expect.arrayContaining(Object.keys(converters).map((name) => `producer-tools/${name}`)));
  });

  it("fuzzes every converted schema; the export nothing converts counts as not fuzzed", async () => {
    const regressions = await tempFolder();
    const fuzzed = await run("fuzz", "--module", MODULE, "--runs", "300", "--seed", "1", "--workers", "1", "--regressions", regressions, "--format", "json", "--fail-on-unsupported");
    const section = JSON.parse(fuzzed.stdout) as FuzzSection;
    expect(section.unsupported.map((entry) => entry.schemaId)).toEqual(["producer-tools/custom_standard"]);
    expect(section.targets).toHaveLength(8);
    expect(section.notFuzzed).toBe(1);
    expect(fuzzed.code).toBe(1);
    expect(section.findings.filter((finding) => finding.direction !== "error-location")).toEqual([]);
  });
});
