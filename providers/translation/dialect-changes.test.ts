import { describe, expect, it } from "vitest";
import { checkSchemas } from "../../src/check/check-schemas.js";
import { parseCatalog } from "../../src/schema/load-catalog.js";
import { resolveTarget } from "../profiles/load-profiles.js";
import { translateForMode } from "./translators.js";

const draft7Tool = {
  type: "function",
  function: {
    name: "log_sets",
    parameters: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false }, weight: { type: "number" }, unit: { type: "string" } },
      dependencies: { weight: ["unit"] },
      required: ["pair"],
    },
  },
};
const zodTool = { type: "function", function: { name: "forecast", parameters: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false } } };

describe("providers translate a schema from its own dialect", () => {
  it("a draft-07 $schema alone is no reason to change or reject anything (zod's helpers)", async () => {
    const [declared] = parseCatalog([zodTool], "zod.json");
    const target = await resolveTarget("openai:chat.tools.strict");
    const translation = translateForMode(declared!, target.mode);
    expect(translation.changes.filter((change) => change.reason.startsWith("dialect:"))).toEqual([]);
    const section = checkSchemas([declared!], [target]);
    expect(section.results[0]!.verdict).not.toBe("rejected");
  });

  it("tuple items, additionalItems and dependencies reach the target as their 2020-12 spelling, each change recorded", async () => {
    const [declared] = parseCatalog([draft7Tool], "lifts.json");
    expect(declared!.dialect).toBe("draft7");
    const target = await resolveTarget("openai-compatible/vllm:chat.tools");
    const translation = translateForMode({ ...declared!, role: target.mode.role }, target.mode);
    const dialectChanges = translation.changes.filter((change) => change.reason.startsWith("dialect:"));
    expect(dialectChanges.map((change) => change.keyword).sort()).toEqual(["$schema", "additionalItems", "dependencies", "items"]);
    expect(dialectChanges.every((change) => !change.lossy)).toBe(true);
    expect(JSON.stringify(translation.native)).not.toContain("additionalItems");
  });
});
