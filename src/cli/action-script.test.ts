// The action's shell part (scripts/action-run.sh) run locally, GITHUB_* faked into a temp folder:
// it writes the job summary, the SARIF, the outputs, and exits with the worst verb's code.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";

const CATALOG = `{
  "tools": [
    {
      "type": "function",
      "function": {
        "name": "get_weather",
        "parameters": {
          "type": "object",
          "properties": {
            "city": { "type": "string", "not": { "const": "x" } }
          },
          "required": ["city"],
          "additionalProperties": false
        }
      }
    }
  ]
}
`;

function runAction(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "schemalab-action-"));
  writeFileSync(join(dir, "tools.json"), CATALOG);
  writeFileSync(join(dir, "schemalab.config.json"), JSON.stringify({ catalogs: ["tools.json"], targets: ["openai:chat.tools.strict"] }));
  const fake = { GITHUB_STEP_SUMMARY: join(dir, "summary.md"), GITHUB_OUTPUT: join(dir, "output.txt"), RUNNER_TEMP: join(dir, "runner") };
  writeFileSync(fake.GITHUB_STEP_SUMMARY, "");
  writeFileSync(fake.GITHUB_OUTPUT, "");
  const result = spawnSync("bash", [fromRoot("scripts", "action-run.sh")], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, ...fake, SCHEMALAB: `node ${fromRoot("bin", "schemalab.js")}`, INPUT_CONFIG: join(dir, "schemalab.config.json"), ...env },
  });
  return { dir, result, summary: readFileSync(fake.GITHUB_STEP_SUMMARY, "utf8"), outputs: readFileSync(fake.GITHUB_OUTPUT, "utf8") };
}

describe("scripts/action-run.sh", () => {
  it("writes the summary, SARIF at the catalog's lines, annotations and outputs; exits on --fail-on", { timeout: 90_000 }, () => {
    const { result, summary, outputs } = runAction({ INPUT_VERBS: "check", INPUT_FAIL_ON: "needs-local-validation" });
    expect(result.status, result.stderr).toBe(1);
    expect(summary).toContain("schemalab results");
    expect(outputs).toMatch(/^exit-code=1$/m);
    const sarifPath = /^sarif=(.*)$/m.exec(outputs)![1]!;
    const sarif = JSON.parse(readFileSync(sarifPath, "utf8"));
    expect(sarif.version).toBe("2.1.0");
    const check = sarif.runs.find((run: { tool: { driver: { name: string } } }) => run.tool.driver.name === "schemalab check");
    const lines = check.results.map((r: { locations: { physicalLocation: { region: { startLine: number } } }[] }) => r.locations[0]!.physicalLocation.region.startLine);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toBeGreaterThanOrEqual(7); // inside the parameters schema, not line 1
    expect(result.stdout).toMatch(/^::warning file=tools\.json,line=\d+/m);
  });

  it("exits 0 when the levels asked for are not met, and refuses an unknown verb", { timeout: 90_000 }, () => {
    expect(runAction({ INPUT_VERBS: "check", INPUT_FAIL_ON: "rejected" }).result.status).toBe(0);
    expect(runAction({ INPUT_VERBS: "frobnicate" }).result.status).toBe(2);
  });
});
