// Tool-list rule findings of a live source (a name providers refuse...) are in the check JSON, read back
// by parseCheckJson and by `report`, and rendered by JUnit, Markdown and the CI findings (SARIF, GitHub).
// (A duplicate name cannot reach them yet: the catalog written from the source refuses the duplicate id, exit 2.)
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCheckJson } from "../check/compact-expand.js";
import { tempFolder } from "../diff/test-support/temp-catalog.js";
import { ciFindings } from "../report/ci-findings.js";
import { parseResultsText } from "../report/read-results.js";
import { renderJunit } from "../report/render-junit.js";
import { renderMarkdown } from "../report/render-markdown.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const SEARCH = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
// A tool whose name has spaces: every provider refuses the whole request that carries it.
const MODULE = `export const first = { name: "search", inputSchema: ${JSON.stringify(SEARCH)} };
export const second = { name: "web search", inputSchema: ${JSON.stringify(SEARCH)} };
`;

async function checkJson(...extra: string[]) {
  const folder = await tempFolder();
  const file = join(folder, "dup-tools.mjs");
  await writeFile(file, MODULE);
  const io = memoryIo();
  const code = await main(["check", "--module", file, "--format", "json", "--workers", "0", ...extra], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("check --format json: tool-list rule findings", () => {
  it("states the rule findings in the JSON, as on stderr, and exits 1 for a target they take down", async () => {
    const run = await checkJson("--target", "openai:chat.tools");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("✗ dup-tools/web search: tool-name:openai: the name breaks OpenAI");
    const section = parseCheckJson(run.stdout);
    expect(section.toolListFindings!.map((finding) => `${finding.schemaId} ${finding.rule} ${finding.severity} ${finding.failsWholeRequestOn.join(",")}`)).toEqual([
      "dup-tools/web search tool-name:openai error openai",
      "dup-tools/web search tool-name:anthropic error anthropic",
      "dup-tools/web search tool-name:google error google",
      "dup-tools/web search tool-name:mcp warning ",
    ]);
  });

  it("reads back through report and renders in JUnit, Markdown and the CI findings", async () => {
    const run = await checkJson("--target", "openai:chat.tools");
    const { document } = parseResultsText(run.stdout, "check.json");
    const junit = renderJunit(document);
    expect(junit).toContain('<testcase classname="check.documented.tool-list" name="dup-tools/web search tool-name:openai"');
    expect(junit).toMatch(/<failure type="tool-list" message="the name breaks OpenAI/);
    expect(renderMarkdown(document)).toContain("**Tool-list rules** (4;");
    expect(ciFindings(document)).toContainEqual(expect.objectContaining({ verb: "check", ruleId: "tool-name:openai", level: "error", schemaId: "dup-tools/web search", path: "" }));
    expect(ciFindings(document)).toContainEqual(expect.objectContaining({ ruleId: "tool-name:mcp", level: "warning" }));
  });

  it("writes no toolListFindings field when the list breaks no rule", async () => {
    const folder = await tempFolder();
    const file = join(folder, "one-tool.mjs");
    await writeFile(file, `export const only = { name: "search", inputSchema: ${JSON.stringify(SEARCH)} };\n`);
    const io = memoryIo();
    expect(await main(["check", "--module", file, "--target", "openai:chat.tools", "--format", "json", "--workers", "0"], io)).toBe(0);
    expect(JSON.parse(io.stdout)).not.toHaveProperty("toolListFindings");
  });
});
