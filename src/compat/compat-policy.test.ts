import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import { fromRoot } from "../package-root.js";

const OLD = fromRoot("suites", "evolution", "fitness-1.2.0.json");
const NEW = fromRoot("suites", "evolution", "fitness-1.3.0.json");

function ignoreFile(entries: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), "compat-ignore-")), "ignore.json");
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

async function compat(...argv: string[]) {
  const io = memoryIo();
  const code = await main(["compat", OLD, NEW, "--no-config", "--runs", "50", ...argv], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("compat severity overrides and ignore file", () => {
  it("a break fails until every confirmed change of it is waived, by rule, schema and path", { timeout: 60_000 }, async () => {
    expect((await compat()).code).toBe(1);
    const some = ignoreFile([{ rule: "required-added", reason: "unit defaults server-side" }]);
    expect((await compat("--ignore-file", some)).code).toBe(1);
    const all = ignoreFile([
      { rule: "required-added", schemaId: "fitness/write_measurement", reason: "unit defaults server-side" },
      { path: "/$defs/kilograms/maximum", reason: "no scale reads above 300", expires: "2999-01-01" },
    ]);
    const waived = await compat("--ignore-file", all, "--severity", "ref-target-changed=warning", "--format", "json");
    expect(waived.code).toBe(0);
    expect(JSON.parse(waived.stdout).results.find((r: { verdict: string }) => r.verdict === "breaking").notes).toEqual(
      expect.arrayContaining([expect.stringMatching(/required-added at \/required: ignored: unit defaults server-side/)]),
    );
    const expired = ignoreFile([{ rule: "required-added", reason: "r", expires: "2000-01-01" }, { rule: "maximum-tightened", reason: "r" }]);
    expect((await compat("--ignore-file", expired, "--severity", "ref-target-changed=ignore")).code).toBe(1);
  });

  it("a bad ignore file or severity is one line naming the place, exit 2", async () => {
    const bad = await compat("--ignore-file", ignoreFile([{ rule: "required-added" }]));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/ignore\.json at \/0: every entry needs a reason/);
    expect((await compat("--severity", "required-added=loud")).code).toBe(2);
  });
});
