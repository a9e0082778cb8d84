import { describe, expect, it } from "vitest";
import { resolveTarget } from "../profiles/load-profiles.js";
import { buildRequestFragment, requestName } from "./build-request-fragment.js";
import type { DeclaredSchema } from "../../src/schema/types.js";

const declared: DeclaredSchema = {
  id: "c/get weather", name: "get weather", version: null, description: "Weather now.",
  source: { file: "c.json", format: "schema", pointer: "" }, schema: {}, role: "tool-input", dialect: "draft2020-12",
};
const native = { type: "object", properties: {}, required: [], additionalProperties: false };
const fragment = (target: string) => buildRequestFragment(resolveTarget(target).mode.request, declared, native);

describe("buildRequestFragment", () => {
  it("places the schema where each API takes it (providers.md §1.1, §2.6, §3.7)", () => {
    expect(fragment("openai:chat.tools.strict")).toEqual({
      tools: [{ type: "function", function: { strict: true, name: "get_weather", description: "Weather now.", parameters: native } }],
    });
    expect(fragment("openai:responses.text.format.strict")).toEqual({ text: { format: { type: "json_schema", strict: true, name: "get_weather", description: "Weather now.", schema: native } } });
    expect(fragment("anthropic:messages.output_config.format")).toEqual({ output_config: { format: { type: "json_schema", schema: native } } });
    expect(fragment("google:generate.responseJsonSchema")).toEqual({ generationConfig: { responseMimeType: "application/json", responseJsonSchema: native } });
  });

  it("never shares the schema object with the fragment", () => {
    const built = fragment("anthropic:messages.tools.strict") as { tools: { input_schema: unknown }[] };
    expect(built.tools[0]!.input_schema).toEqual(native);
    expect(built.tools[0]!.input_schema).not.toBe(native);
  });

  it("makes names the APIs accept: [a-zA-Z0-9_-], at most 64", () => {
    expect(requestName("get weather.now")).toBe("get_weather_now");
    expect(requestName("x".repeat(80))).toHaveLength(64);
    expect(requestName("")).toBe("schema");
  });
});
