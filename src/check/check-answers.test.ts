// Issue 22's answers on real inputs: captured MCP tools/list results (mcp-tools/, made by
// capture-mcp-tools.ts) and a Pydantic-shaped catalog written by hand to model_json_schema()'s shape.
import fc from "fast-check";
import { mkdtempSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import { findSchemaViolation } from "../report/validate-results.js";
import { checkSchemas } from "./check-schemas.js";
import { isNoteId } from "./note-book.js";
import { declare } from "./test-support/check-one.js";
import type { CheckSection } from "./types.js";
import { parseCheckJson } from "./compact-expand.js";
import { fromRoot } from "../package-root.js";

const SUPPORT = join(import.meta.dirname, "test-support");
const MCP = join(SUPPORT, "mcp-tools");
const PYDANTIC = join(SUPPORT, "pydantic-tools.json");

async function check(...argv: string[]) {
  const io = memoryIo();
  const code = await main(["check", ...argv], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

function referencedNotes(section: CheckSection): string[] {
  return [
    ...section.targets.flatMap((answer) => [...answer.blockers.map((blocker) => blocker.reason), ...answer.obligations.map((obligation) => obligation.note)]),
    ...section.results.flatMap((result) => [
      result.fallback.reason,
      ...result.changes.map((change) => change.reason),
      ...result.ignored.map((entry) => entry.note),
      ...result.rejected.map((entry) => entry.error),
      ...result.obligations.map((obligation) => obligation.note),
    ]),
    ...section.toolResults.flatMap((entry) => entry.notes.map((note) => note.note)),
  ];
}

describe("check on real MCP tool lists", () => {
  it("fits a terminal screen by default for a 14-tool catalog over every documented target", async () => {
    for (const catalog of [join(MCP, "server-filesystem.json"), join(MCP, "server-everything.json"), fromRoot("suites", "producers", "pydantic-catalog.json")]) {
      const { stdout } = await check("--catalog", catalog);
      // 76 targets (issue 23 and on): targets with the same answer on every schema share a line.
      expect(stdout.trimEnd().split("\n").length, catalog).toBeLessThanOrEqual(50);
    }
    const { stdout } = await check("--catalog", join(MCP, "server-filesystem.json"));
    const json = parseCheckJson((await check("--catalog", join(MCP, "server-filesystem.json"), "--format", "json")).stdout);
    // Every paired target is named under the line that gives its answer, and that answer is its own.
    const strict = json.targets.find((answer) => answer.target === "openai:chat.tools.strict")!;
    expect(strict.obligations.map((obligation) => [obligation.kind, obligation.schemaIds.length])).toEqual([["drop-nulls-for-optional-fields", 6]]);
    expect(stdout).toMatch(/^\d+ +yes, if +0 native, 14 translated, +0 validate, +0 rejected \| app: drop nulls 6 \| 3 targets:\n +openai: chat\.tools\.strict, responses\.tools\.strict, responses\.tools\.default$/m);
    for (const answer of json.targets.filter((each) => Object.values(each.counts).some((count) => count > 0))) expect(stdout).toContain(answer.target.split(":")[1]!);
  });

  it("reads MCP output schemas as tool results: never paired with a target, never counted", async () => {
    const { stdout } = await check("--catalog", join(MCP, "server-filesystem.json"), "--format", "json");
    const section = parseCheckJson(stdout);
    expect(section.results.some((result) => result.schemaId.endsWith("#output"))).toBe(false);
    expect(section.toolResults.map((entry) => entry.schemaId)).toContain("server-filesystem/read_file#output");
    for (const answer of section.targets) expect(Object.values(answer.counts).reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(14);
  });

  it("states every note once, by id, and the document matches results.schema.json", async () => {
    const { stdout } = await check("--catalog", MCP, "--catalog", PYDANTIC, "--format", "json");
    const section = parseCheckJson(stdout);
    expect(findSchemaViolation(JSON.parse(stdout), "section")).toBeUndefined();
    const referenced = referencedNotes(section);
    for (const id of referenced) {
      expect(isNoteId(id)).toBe(true);
      expect(section.notes[id], id).toBeTypeOf("string");
    }
    expect(new Set(Object.values(section.notes)).size).toBe(Object.keys(section.notes).length);
    expect(Object.keys(section.notes).every((id) => referenced.includes(id))).toBe(true);
  });

  it("gives one fallback per cause, the same on every target, in sentences", async () => {
    const rootless = declare({ type: "array", items: { type: "string" } }, { name: "list_things" });
    const profiles = loadProfiles();
    const targets = ["openai:chat.tools.strict", "openai:responses.tools.strict"].map((name) => resolveTarget(name, profiles));
    const section = checkSchemas([rootless], targets, { profiles });
    expect(section.results.map((result) => result.verdict)).toEqual(["rejected", "rejected"]);
    expect(new Set(section.results.map((result) => result.fallback.rung)).size).toBe(1);
    for (const text of Object.values(section.notes)) expect(text).not.toMatch(/hold answers to root:non-object$/);
    expect(section.notes[section.results[0]!.fallback.reason]).toMatch(/^The provider refuses root:non-object \(the root schema is not an object schema\).*\.$/);
  });
});

describe("check on a Pydantic-made catalog", () => {
  it("names the drop-nulls obligation for every optional field strict mode made nullable, and no other", async () => {
    const { stdout } = await check("--catalog", PYDANTIC, "--target", "openai:chat.tools.strict", "--format", "json");
    const section = parseCheckJson(stdout);
    const search = section.results.find((result) => result.schemaId === "pydantic-tools/SearchCustomers")!;
    // limit and tags are optional and refuse null; created_after is Optional[...] (anyOf with null) already.
    expect(search.obligations.find((obligation) => obligation.kind === "drop-nulls-for-optional-fields")?.paths).toEqual(["/properties/limit", "/properties/tags"]);
    const update = section.results.find((result) => result.schemaId === "pydantic-tools/UpdateAddress")!;
    expect(update.verdict).toBe("translated");
    expect(update.obligations).toEqual([]);
  });

  it("every optional → required + nullable rewrite of a property that refuses null comes with its obligation", () => {
    const profiles = loadProfiles();
    const strict = resolveTarget("openai:chat.tools.strict", profiles);
    const property = fc.constantFrom<Record<string, unknown>>({ type: "string" }, { type: "integer" }, { type: ["string", "null"] }, { anyOf: [{ type: "number" }, { type: "null" }] }, { enum: ["a", "b"] });
    const schema = fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e"), fc.record({ schema: property, required: fc.boolean() }), { minKeys: 1 });
    fc.assert(
      fc.property(schema, (shape) => {
        const properties = Object.fromEntries(Object.entries(shape).map(([name, each]) => [name, each.schema]));
        const required = Object.entries(shape).filter(([, each]) => each.required).map(([name]) => name);
        const [result] = checkSchemas([declare({ type: "object", properties, required, additionalProperties: false })], [strict], { profiles, matchRoles: false }).results;
        const refusesNull = (each: Record<string, unknown>) => !JSON.stringify(each).includes("null");
        const expected = Object.entries(shape).filter(([, each]) => !each.required && refusesNull(each.schema)).map(([name]) => `/properties/${name}`);
        const owed = result!.obligations.find((obligation) => obligation.kind === "drop-nulls-for-optional-fields")?.paths ?? [];
        expect(owed).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});

describe("check on a folder with bad files", () => {
  it("writes the good files' results, lists the bad ones with file and place, and exits 2", async () => {
    const folder = mkdtempSync(join(tmpdir(), "schemalab-bad-"));
    copyFileSync(join(MCP, "server-memory.json"), join(folder, "a-memory.json"));
    writeFileSync(join(folder, "b-not-a-schema.json"), JSON.stringify({ unknownKey: 1 }));
    copyFileSync(join(MCP, "server-sequential-thinking.json"), join(folder, "c-thinking.json"));
    writeFileSync(join(folder, "d-broken.json"), "{ nope");
    for (const workers of ["0", "2"]) {
      const { code, stdout, stderr } = await check("--catalog", folder, "--format", "json", "--workers", workers);
      expect(code).toBe(2);
      const section = parseCheckJson(stdout);
      expect(new Set(section.results.map((result) => result.schemaId.split("/")[0]))).toEqual(new Set(["a-memory", "c-thinking"]));
      expect(section.badFiles.map((bad) => [bad.file.split("/").pop(), bad.place])).toEqual([
        ["b-not-a-schema.json", expect.any(String)],
        ["d-broken.json", "1:3"],
      ]);
      expect(stderr).toContain("2 bad catalog file(s)");
      expect(stderr).toContain("b-not-a-schema.json");
    }
  });
});

it("lists every documented target in the JSON answer, in target order", async () => {
  const { stdout } = await check("--catalog", PYDANTIC, "--format", "json");
  expect(parseCheckJson(stdout).targets.map((answer) => answer.target)).toEqual(listTargets());
});
