// `check` (unsupported: reject) refuses on Bedrock what the emulator refuses, with the same Bedrock
// text; the non-strict modes take the schemas the strict ones refuse.
import { describe, expect, test } from "vitest";
import { checkOne } from "../../src/check/test-support/check-one.js";
import { listTargets } from "../profiles/load-profiles.js";

const PREFIX = "The model returned the following errors: ";
const open = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
const listed = { type: "object", properties: { tags: { type: "array", items: { type: "string" }, maxItems: 3 } }, required: ["tags"], additionalProperties: false };

describe("check against bedrock targets", () => {
  test("lists the six Bedrock targets", () => {
    expect(listTargets().filter((target) => target.startsWith("bedrock:"))).toEqual([
      "bedrock:converse.tools",
      "bedrock:converse.tools.strict",
      "bedrock:converse.outputConfig.textFormat",
      "bedrock:invoke.claude.tools",
      "bedrock:invoke.claude.tools.strict",
      "bedrock:invoke.claude.output_config.format",
    ]);
  });

  test.each([
    ["bedrock:converse.tools.strict", "tools.<index>.custom"],
    ["bedrock:invoke.claude.tools.strict", "tools.<index>.custom"],
    ["bedrock:converse.outputConfig.textFormat", "output_config.format.schema"],
    ["bedrock:invoke.claude.output_config.format", "output_config.format.schema"],
  ])("%s refuses an open object with Bedrock's text", (target, place) => {
    expect(checkOne(target, open, "reject").rejected).toEqual([{ feature: "additionalProperties:false", path: "", error: `${PREFIX}${place}: For 'object' type, 'additionalProperties' must be explicitly set to false` }]);
  });

  test("strict refuses maxItems; the non-strict tool takes it and the open object", () => {
    expect(checkOne("bedrock:converse.tools.strict", listed, "reject").rejected).toEqual([{ feature: "maxItems", path: "/properties/tags", error: `${PREFIX}tools.<index>.custom: For 'array' type, property 'maxItems' is not supported` }]);
    for (const schema of [listed, open]) expect(checkOne("bedrock:converse.tools", schema, "reject").rejected).toEqual([]);
  });
});
