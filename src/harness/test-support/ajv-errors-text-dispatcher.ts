// A dispatcher written the way an application would write one with Ajv, independent of the
// reference dispatcher's own checks and messages: Ajv 2020 (allErrors, formats) validates, and a
// refused call's result carries `ajv.errorsText()` verbatim (`data/data/weight_kg must be number`).
// All four wires, plain and streamed (read through providers/' wire parsers). `answerOkWhenRefusing`
// builds the broken variant issue 16 names: on wires without an error flag (OpenAI Chat and
// Responses) it answers "ok" for every call it refuses, which reads as success to the model.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ToolCall } from "../../../providers/wire/wire-types.js";
import type { DispatcherInput, DispatcherModule, DispatcherTool } from "../dispatcher-module.js";
import { readProviderAnswer } from "../read-provider-answer.js";
import { payloadOf } from "../reference-dispatcher-module.js";
import type { ToolResult } from "../render-tool-results.js";
import type { WireFormat } from "../wire-format.js";

// CommonJS modules seen through ESM: the class and the plugin sit on `default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

type Verdict = { readonly ok: true; readonly args: unknown } | { readonly ok: false; readonly message: string };

export interface AjvDispatcherOptions {
  /** The broken variant: "ok" instead of an error text for refused calls on OpenAI wires. */
  readonly answerOkWhenRefusing?: boolean;
}

export function ajvErrorsTextDispatcher(options: AjvDispatcherOptions = {}): DispatcherModule {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new WeakMap<object, ReturnType<typeof ajv.compile>>();
  const validatorFor = (tool: DispatcherTool) => {
    let validate = validators.get(tool.inputSchema);
    if (validate === undefined) validators.set(tool.inputSchema, (validate = ajv.compile(tool.inputSchema)));
    return validate;
  };
  const check = (call: ToolCall, tools: readonly DispatcherTool[]): Verdict => {
    const tool = tools.find((candidate) => candidate.name === call.name);
    if (tool === undefined) return { ok: false, message: `Error: unknown tool "${call.name}"; the call was not run` };
    if (call.parseError !== undefined || call.arguments === undefined) return { ok: false, message: `Error: the arguments for ${call.name} are not valid JSON; the call was not run` };
    const validate = validatorFor(tool);
    if (!validate(call.arguments)) return { ok: false, message: `Error: invalid arguments for ${call.name}: ${ajv.errorsText(validate.errors)}` };
    return { ok: true, args: call.arguments };
  };
  return {
    name: options.answerOkWhenRefusing ? "ajv errorsText, answers ok when refusing" : "ajv errorsText",
    async dispatch(input: DispatcherInput) {
      const { answer } = readProviderAnswer(input.provider, payloadOf(input));
      // Truncated, refused, failed or call-less answers run nothing and send nothing back.
      if (answer.kind !== "tool-calls") return [];
      const verdicts = answer.calls.map((call) => check(call, input.tools));
      const results: ToolResult[] = [];
      for (const [index, call] of answer.calls.entries()) {
        const verdict = verdicts[index]!;
        if (!verdict.ok) {
          const text = options.answerOkWhenRefusing && isFlagless(input.provider) ? "ok" : verdict.message;
          results.push(render(input.provider, call, { error: text }));
          continue;
        }
        const tool = input.tools.find((candidate) => candidate.name === call.name)!;
        results.push(render(input.provider, call, { output: await tool.handler(verdict.args) }));
      }
      return results;
    },
  };
}

function isFlagless(provider: WireFormat): boolean {
  return provider === "openai-chat" || provider === "openai-responses";
}

function render(provider: WireFormat, call: ToolCall, body: { output: unknown } | { error: string }): ToolResult {
  const text = "error" in body ? body.error : typeof body.output === "string" ? body.output : JSON.stringify(body.output);
  switch (provider) {
    case "openai-chat":
      return { role: "tool", tool_call_id: call.id, content: text };
    case "openai-responses":
      return { type: "function_call_output", call_id: call.id, output: text };
    case "anthropic":
      return { type: "tool_result", tool_use_id: call.id, content: text, ...("error" in body ? { is_error: true } : {}) };
    case "google":
      return { functionResponse: { ...(call.id === "" ? {} : { id: call.id }), name: call.name, response: "error" in body ? { error: body.error } : { output: body.output ?? null } } };
  }
}
