import { describe, expect, test } from "vitest";
import { resolvePointer } from "../../src/schema/json-pointer.js";
import { ANTHROPIC_DEFAULT_MAX_TOKENS, buildAnthropicMessagesRequest } from "./build-anthropic-messages-request.js";

const schema = { type: "object", properties: { location: { type: "string" } }, required: ["location"], additionalProperties: false };
const base = { model: "claude-sonnet-4-5", prompt: "Weather?", schema, toolName: "get_weather", apiKey: "sk-ant-test" };

describe("buildAnthropicMessagesRequest", () => {
  test("tools strict: schema at /tools/0/input_schema, strict beside name, tool forced", () => {
    const request = buildAnthropicMessagesRequest({ ...base, mode: "messages.tools.strict" });
    expect(request.url).toBe("https://api.anthropic.com/v1/messages");
    expect(resolvePointer(request.body, "/tools/0")).toEqual({ name: "get_weather", strict: true, input_schema: schema });
    expect(request.body.tool_choice).toEqual({ type: "tool", name: "get_weather", disable_parallel_tool_use: true });
  });

  test("tools (not strict) carries no strict flag", () => {
    const request = buildAnthropicMessagesRequest({ ...base, mode: "messages.tools" });
    expect(resolvePointer(request.body, "/tools/0/input_schema")).toBe(schema);
    expect(resolvePointer(request.body, "/tools/0")).not.toHaveProperty("strict");
  });

  test("output_config.format: schema at /output_config/format/schema, no beta header (GA)", () => {
    const request = buildAnthropicMessagesRequest({ ...base, mode: "messages.output_config.format" });
    expect(resolvePointer(request.body, "/output_config/format")).toEqual({ type: "json_schema", schema });
    expect(request.headers["anthropic-beta"]).toBeUndefined();
  });

  test("headers: x-api-key and anthropic-version; betas only when asked", () => {
    const request = buildAnthropicMessagesRequest({ ...base, mode: "messages.tools", betas: ["structured-outputs-2025-11-13"] });
    expect(request.headers).toMatchObject({ "x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01", "anthropic-beta": "structured-outputs-2025-11-13" });
    expect(request.headers.authorization).toBeUndefined();
  });

  test("max_tokens is always sent (the API requires it)", () => {
    expect(buildAnthropicMessagesRequest({ ...base, mode: "messages.tools" }).body.max_tokens).toBe(ANTHROPIC_DEFAULT_MAX_TOKENS);
    expect(buildAnthropicMessagesRequest({ ...base, mode: "messages.tools", maxTokens: 9 }).body.max_tokens).toBe(9);
  });
});
