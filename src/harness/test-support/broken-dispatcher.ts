// Deliberately broken dispatchers: the reference dispatcher with exactly one rule broken, so the
// conformance tests can show each violation is caught and named.
import type { ProviderResponse, ToolCall } from "../../../providers/wire/wire-types.js";
import { defineTool } from "../define-tool.js";
import { createDispatcher } from "../dispatch.js";
import type { DispatcherModule } from "../dispatcher-module.js";
import { readProviderAnswer } from "../read-provider-answer.js";
import { payloadOf } from "../reference-dispatcher-module.js";
import { forceCompleteAnswer } from "./force-complete-answer.js";

export type Breakage = "parse-failure-as-empty-object" | "skip-validation" | "run-incomplete-answers" | "drop-call-id";

export function brokenDispatcher(breakage: Breakage): DispatcherModule {
  return {
    name: `broken: ${breakage}`,
    async dispatch(input) {
      // `{}` accepts any object: the validation that the skip-validation dispatcher forgets.
      const schemaOf = (schema: Readonly<Record<string, unknown>>) => (breakage === "skip-validation" ? {} : schema);
      const tools = input.tools.map((tool) => defineTool({ ...tool, inputSchema: schemaOf(tool.inputSchema) }));
      const payload = breakage === "run-incomplete-answers" ? forceCompleteAnswer(input.provider, input) : payloadOf(input);
      let response = readProviderAnswer(input.provider, payload);
      if (breakage === "parse-failure-as-empty-object") response = withEmptyObjectForUnparsed(response);
      const { results } = await createDispatcher(tools).dispatchAnswer(input.provider, response);
      return breakage === "drop-call-id" ? results.map(withoutCallId) : results;
    },
  };
}

function withEmptyObjectForUnparsed(response: ProviderResponse): ProviderResponse {
  if (response.answer.kind !== "tool-calls") return response;
  const calls = response.answer.calls.map((call): ToolCall => (call.parseError === undefined ? call : { id: call.id, name: call.name, arguments: {}, rawArguments: call.rawArguments }));
  return { ...response, answer: { kind: "tool-calls", calls } };
}

function withoutCallId(result: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { tool_call_id: _chat, call_id: _responses, tool_use_id: _anthropic, ...rest } = result;
  if (rest.functionResponse === undefined) return rest;
  const { id: _google, ...response } = rest.functionResponse as Record<string, unknown>;
  return { ...rest, functionResponse: response };
}
