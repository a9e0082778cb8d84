import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listTargets, loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { CheckSection } from "../report/model.js";
import { findSchemaViolation } from "../report/validate-results.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";
import { parseCheckJson } from "../check/compact-expand.js";

const dir = mkdtempSync(join(tmpdir(), "schemalab-check-"));
function writeJson(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

const weatherTool = writeJson("weather.json", [
  { type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false } } },
]);

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(["check", ...argv], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("schemalab check", () => {
  it("checks suites/catalogs against every documented target by default, as one JSON section", async () => {
    const { code, stdout, stderr } = await run("--format", "json");
    const section = parseCheckJson(stdout);
    expect(findSchemaViolation(JSON.parse(stdout), "section")).toBeUndefined();
    expect(section.kind).toBe("check");
    expect(section.source).toBe("documented");
    expect(new Set(section.results.map((result) => result.target))).toEqual(new Set(listTargets()));
    expect(stdout.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(new RegExp(`^check \\(documented profiles\\): \\d+ schema\\(s\\), ${listTargets().length} target\\(s\\)`));
    // The shipped catalogs hold schemas some targets refuse (recursion, maps, a non-object root).
    expect(section.results.some((result) => result.verdict === "rejected")).toBe(true);
    expect(code).toBe(1);
  });

  it("pairs schemas with targets of their role by default", async () => {
    const section = parseCheckJson((await run("--format", "json")).stdout);
    const modeRole = new Map(loadProfiles().flatMap((profile) => profile.modes.map((mode) => [`${profile.provider}:${mode.mode}`, mode.role])));
    const outputPairs = section.results.filter((result) => result.schemaId === "file-tree/describe_repository");
    expect(outputPairs.every((result) => modeRole.get(result.target) === "structured-output")).toBe(true);
  });

  it("exits 0 when nothing is rejected, and lists the changes of translated pairs", async () => {
    const { code, stdout } = await run("--catalog", weatherTool, "--target", "openai:chat.tools.strict", "--target", "anthropic:messages.tools.strict", "--format", "json");
    expect(code).toBe(0);
    const section = parseCheckJson(stdout);
    expect(section.results.map((result) => [result.target, result.verdict])).toEqual([
      ["openai:chat.tools.strict", "native"],
      ["anthropic:messages.tools.strict", "native"],
    ]);
  });

  it("reports what the provider refuses as declared with --unsupported reject", async () => {
    const optional = writeJson("optional.json", [
      { type: "function", function: { name: "search", parameters: { type: "object", properties: { q: { type: "string" }, page: { type: "integer" } }, required: ["q"], additionalProperties: false } } },
    ]);
    const stripped = parseCheckJson((await run("--catalog", optional, "--target", "openai:chat.tools.strict", "--format", "json")).stdout);
    expect(stripped.results[0]!.verdict).toBe("translated");
    const { code, stdout } = await run("--catalog", optional, "--target", "openai:chat.tools.strict", "--unsupported", "reject", "--format", "json");
    const section = parseCheckJson(stdout);
    const rejected = section.results[0]!;
    expect(code).toBe(1);
    expect(rejected.verdict).toBe("rejected");
    // Errors are stated once in the section's notes and referenced by id (issue 22).
    expect(section.notes[rejected.rejected[0]!.error]).toContain("'required' is required to be supplied and to be an array including every key in properties. Missing 'page'.");
  });

  it("prints the answer per target, a matrix, and (for a named target) the lines to act on, with paths, in text", async () => {
    // The per-target answer and the matrix replace the schema × target table (issue 22).
    const { stdout } = await run("--catalog", join("suites", "catalogs", "fitness.json"), "--target", "anthropic:messages.tools.strict");
    expect(stdout).toMatch(/^check \(documented profiles\)/);
    expect(stdout).toMatch(/^1 anthropic:messages\.tools\.strict {2}yes, if 0 native, 0 translated, 3 validate, 0 rejected \| app: validate 3$/m);
    // Schemas with the same row of symbols share one matrix row.
    expect(stdout).toMatch(/^fitness\/write_measurement, fitness\/log_meal \+1 +\?$/m);
    expect(stdout).toContain("fitness/write_measurement on anthropic:messages.tools.strict: needs-local-validation");
    expect(stdout).toMatch(/! \/properties\/data\/properties\/weight_kg, [^\n]* {2}minimum removed \(lossy\)/);
    expect(stdout).toContain("-> human-review:");
  });

  it("keeps per-pair lines out of the default view", async () => {
    const { stdout } = await run("--catalog", join("suites", "catalogs", "fitness.json"));
    expect(stdout).not.toContain(" on anthropic:messages.tools.strict: ");
    expect(stdout).toContain("--details, --tool NAME or --target T");
  });

  it("uses measured matrices with --matrix, and says so", async () => {
    const openai = loadProfiles().find((profile) => profile.provider === "openai")!;
    const strict = openai.modes.find((mode) => mode.mode === "chat.tools.strict")!;
    const measured = { ...strict, features: { ...strict.features, minLength: { status: "rejected", source: "schemalab-probe:openai@test@2026-11-30", quote: "measured rejected", date: "2026-11-30", evidence: "observed" } } };
    const matrix = writeJson("matrix.json", { ...openai, modes: [measured], measuredAt: "2026-11-30T09:00:00Z" });
    const lengthTool = writeJson("length.json", [
      { type: "function", function: { name: "named", parameters: { type: "object", properties: { name: { type: "string", minLength: 2 } }, required: ["name"], additionalProperties: false } } },
    ]);
    const documented = parseCheckJson((await run("--catalog", lengthTool, "--target", "openai:chat.tools.strict", "--format", "json")).stdout);
    expect(documented.results[0]!.verdict).toBe("native");
    const { stdout } = await run("--catalog", lengthTool, "--target", "openai:chat.tools.strict", "--matrix", matrix, "--format", "json");
    const section = parseCheckJson(stdout);
    expect(section.source).toBe("measured");
    expect(section.results[0]!.verdict).not.toBe("native");
  });

  it("refuses an unknown target with exit 2, listing the known targets", async () => {
    const { code, stderr, stdout } = await run("--target", "openai:chat.tool.strict", "--format", "json");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("unknown target 'openai:chat.tool.strict'; known targets: anthropic:messages.tools,");
  });

  it("refuses a bad catalog with exit 2, naming the file and the place", async () => {
    const broken = writeJson("broken.json", '{ "tools": [ }');
    const { code, stderr } = await run("--catalog", broken);
    expect(code).toBe(2);
    expect(stderr).toContain(`${broken}:1:`);
  });

  it("refuses a bad matrix, a bad format and stray arguments with exit 2", async () => {
    expect((await run("--matrix", writeJson("not-a-matrix.json", { provider: "openai" }))).stderr).toMatch(/--matrix .*not-a-matrix\.json/);
    expect((await run("--format", "yaml")).code).toBe(2);
    expect((await run("--unsupported", "drop")).code).toBe(2);
    expect((await run("stray")).code).toBe(2);
  });

  it("prints help on stdout", async () => {
    const { code, stdout } = await run("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("--target PROVIDER:MODE");
  });
});
