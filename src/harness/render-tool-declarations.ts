// The `tools` a request advertises, from the same definitions the dispatcher checks calls against, in
// each wire's declaration shape (providers.md 1.8, 1.9, 2.6, 3.7). Non-strict: the dispatcher, not the
// provider, is what stands between a proposed call and its handler.
import type { Tool } from "./define-tool.js";
import type { WireFormat } from "./wire-format.js";

type Declared = Pick<Tool, "name" | "description" | "inputSchema">;

/** The value of the request body's `tools` field. */
export function renderToolDeclarations(format: WireFormat, tools: readonly Declared[]): unknown[] {
  switch (format) {
    case "openai-chat":
      return tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }));
    case "openai-responses":
      // Responses tools are strict unless told otherwise (providers.md 1.2).
      return tools.map((tool) => ({ type: "function", name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false }));
    case "anthropic":
      return tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
    case "google":
      return [{ functionDeclarations: tools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema })) }];
  }
}

/** The request fields that make the model call this one tool. */
export function renderForcedToolChoice(format: WireFormat, name: string): Record<string, unknown> {
  switch (format) {
    case "openai-chat":
      return { tool_choice: { type: "function", function: { name } } };
    case "openai-responses":
      return { tool_choice: { type: "function", name } };
    case "anthropic":
      return { tool_choice: { type: "tool", name } };
    case "google":
      return { toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [name] } } };
  }
}
