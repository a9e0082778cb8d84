// `compat --format sarif|github` on the lab's own evolution pair: each break at its keyword's line in NEW.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const NEW = fromRoot("suites", "evolution", "fitness-1.3.0.json");
const lineOf = (text: string) => readFileSync(NEW, "utf8").split("\n").findIndex((line) => line.includes(text)) + 1;

describe("verb --format sarif|github", () => {
  it("compat's breaks point at the keyword lines of the new version", { timeout: 60_000 }, async () => {
    const io = memoryIo();
    expect(await main(["compat", fromRoot("suites", "evolution", "fitness-1.2.0.json"), NEW, "--no-config", "--runs", "50", "--format", "sarif"], io)).toBe(1);
    const sarif = JSON.parse(io.stdout);
    const run = sarif.runs.find((r: { tool: { driver: { name: string } } }) => r.tool.driver.name === "schemalab compat");
    const byRule = new Map(run.results.map((r: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }) => [r.ruleId, r.locations[0]!.physicalLocation.region.startLine]));
    expect(byRule.get("maximum-tightened")).toBe(lineOf('"maximum": 300'));
    const annotations = memoryIo();
    await main(["compat", fromRoot("suites", "evolution", "fitness-1.2.0.json"), NEW, "--no-config", "--runs", "50", "--format=github"], annotations);
    expect(annotations.stdout).toMatch(/^::error file=.*fitness-1\.3\.0\.json,line=\d+,col=\d+,title=schemalab compat%3A required-added::/m);
  });
});
