import { expect, test } from "vitest";
import { renderForcedToolChoice, renderToolDeclarations } from "./render-tool-declarations.js";

const tool = { name: "log_meal", description: "Log a meal.", inputSchema: { type: "object", properties: { meal: { type: "string" } } } };

test("one definition, each wire's declaration shape, the schema untouched", () => {
  expect(renderToolDeclarations("openai-chat", [tool])).toEqual([{ type: "function", function: { name: "log_meal", description: "Log a meal.", parameters: tool.inputSchema } }]);
  expect(renderToolDeclarations("openai-responses", [tool])).toEqual([{ type: "function", name: "log_meal", description: "Log a meal.", parameters: tool.inputSchema, strict: false }]);
  expect(renderToolDeclarations("anthropic", [tool])).toEqual([{ name: "log_meal", description: "Log a meal.", input_schema: tool.inputSchema }]);
  expect(renderToolDeclarations("google", [tool, { ...tool, name: "write" }])).toEqual([
    { functionDeclarations: [{ name: "log_meal", description: "Log a meal.", parametersJsonSchema: tool.inputSchema }, { name: "write", description: "Log a meal.", parametersJsonSchema: tool.inputSchema }] },
  ]);
});

test("forcing a tool, per wire", () => {
  expect(renderForcedToolChoice("openai-chat", "log_meal")).toEqual({ tool_choice: { type: "function", function: { name: "log_meal" } } });
  expect(renderForcedToolChoice("openai-responses", "log_meal")).toEqual({ tool_choice: { type: "function", name: "log_meal" } });
  expect(renderForcedToolChoice("anthropic", "log_meal")).toEqual({ tool_choice: { type: "tool", name: "log_meal" } });
  expect(renderForcedToolChoice("google", "log_meal")).toEqual({ toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["log_meal"] } } });
});
