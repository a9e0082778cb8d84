import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import { checkToolRules } from "../schema/sources/tool-rules.js";
import { failsRun } from "./adjudicate.js";
import { runFuzz } from "./run-fuzz.js";

const CATALOG = fromRoot("suites", "producers", "pydantic-catalog.json");
const SCRIPT = fromRoot("suites", "producers", "make-pydantic-catalog.py");

function pydanticOutput(): string | undefined {
  try {
    return execFileSync("python3", [SCRIPT], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return undefined;
  }
}

describe("a catalog Pydantic v2 made (model_json_schema)", () => {
  it("is what the checked-in script makes, where Python has pydantic", (context) => {
    const made = pydanticOutput();
    if (made === undefined) return context.skip("python3 with pydantic is not installed here");
    const fixture = JSON.parse(readFileSync(CATALOG, "utf8")) as { version: string };
    const regenerated = JSON.parse(made) as { version: string };
    // Another pydantic version may word titles or order keys differently: compared only at the same version.
    if (regenerated.version !== fixture.version) return context.skip(`pydantic ${regenerated.version} here, the fixture was made with ${fixture.version}`);
    expect(regenerated).toEqual(fixture);
  });

  it("is fuzzed with no tool unsupported, discriminators and $defs included", async () => {
    const section = await runFuzz({ schemas: [CATALOG], runs: 600, seed: 1, workers: 1, regressions: [] });
    expect(section.unsupported).toEqual([]);
    expect(section.targets.map((target) => target.schemaId)).toEqual(["pydantic/register_pet", "pydantic/create_ticket", "pydantic/save_tree", "pydantic/save_tree#output"]);
    expect(section.targets.every((target) => target.cases > 0)).toBe(true);
    expect(section.findings.filter(failsRun)).toEqual([]);
  });

  it("names the recursive model whose root is a $ref: no object at the root for the tool-list rules", async () => {
    const rules = checkToolRules(await loadCatalogs([CATALOG]));
    expect(rules.map((rule) => `${rule.tool} ${rule.rule}`)).toEqual(["save_tree input-root-object"]);
  });
});
