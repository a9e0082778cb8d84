// Reading an emulated call out of a Chat Completions or Responses request body: the prompt (last user
// message), where the schema sits, and which profile mode that placement is.
import type { EmulatedCall } from "../emulator/emulator-types.js";
import { asArray, asRecord, asString } from "../wire/wire-normalise-answer.js";

/** A request the API would refuse before looking at any schema: the message and the param it names. */
export interface RequestProblem {
  readonly problem: string;
  readonly param: string | null;
}

export type CallRead = EmulatedCall | RequestProblem;

export function isRequestProblem(read: CallRead): read is RequestProblem {
  return "problem" in read;
}

/** How `tool_choice` picks the tool: a named function (or none given), `"auto"`, or `"required"`. */
export type ToolChoiceKind = "named" | "auto" | "required";

/** Chat mode names from the placement, the `strict` flag and the tool choice. */
export type ChatModeNamer = (placement: "response_format" | "tools", strict: boolean, choice: ToolChoiceKind) => string;

/** OpenAI splits on `strict` and on `auto`; `required` forces a call like a named function. */
export const openaiChatModeName: ChatModeNamer = (placement, strict, choice) => `chat.${placement}${strict ? ".strict" : ""}${choice === "auto" ? ".auto" : ""}`;

/** Text of a message's content: a string, or the text parts of a content array. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return asArray(content)
    .map((part) => asRecord(part))
    .map((part) => asString(part.text) ?? "")
    .join("");
}

function lastUserText(messages: readonly unknown[]): string {
  const users = messages.map(asRecord).filter((message) => message.role === "user");
  return users.length === 0 ? "" : contentText(users.at(-1)!.content);
}

export function readChatCall(body: Record<string, unknown>, modeName: ChatModeNamer): CallRead {
  const model = asString(body.model);
  if (model === undefined) return { problem: "you must provide a model parameter", param: null };
  const messages = asArray(body.messages);
  if (messages.length === 0) return { problem: "Missing required parameter: 'messages'.", param: "messages" };
  const prompt = lastUserText(messages);
  const maxTokens = asNumberOrUndefined(body.max_completion_tokens) ?? asNumberOrUndefined(body.max_tokens);
  const base = {
    api: "openai-chat" as const,
    stream: body.stream === true,
    streamUsage: asRecord(body.stream_options).include_usage === true,
    model,
    prompt,
    dialect: "json-schema" as const,
    ...(maxTokens === undefined ? {} : { maxTokens }),
  };
  const tools = asArray(body.tools).map(asRecord);
  if (tools.length > 0) {
    const wanted = asString(asRecord(asRecord(body.tool_choice).function).name);
    const index = Math.max(0, tools.findIndex((tool) => asRecord(tool.function).name === wanted));
    const fn = asRecord(tools[index]!.function);
    const tally = { count: tools.length, strict: tools.filter((tool) => asRecord(tool.function).strict === true).length };
    // `tool_choice: "auto"` is a mode of its own: the model may call the tool, nothing forces the schema.
    const auto = body.tool_choice === "auto";
    const choice: ToolChoiceKind = auto ? "auto" : body.tool_choice === "required" ? "required" : "named";
    const mode = modeName("tools", fn.strict === true, choice);
    // A strict tool under auto is still held to its schema where the server enforces strict (vLLM's default).
    const unconstrained = auto && fn.strict !== true;
    return { ...base, mode, ...(unconstrained ? { toolChoiceConstrains: false } : {}), schema: fn.parameters, name: asString(fn.name) ?? "", deliver: "tool", schemaParam: `tools[${index}].function.parameters`, tools: tally };
  }
  const format = asRecord(body.response_format);
  if (format.type === "json_object" && !/json/i.test(JSON.stringify(messages))) {
    return { problem: "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", param: "messages" };
  }
  if (format.type === "json_schema") {
    const jsonSchema = asRecord(format.json_schema);
    return { ...base, mode: modeName("response_format", jsonSchema.strict === true, "named"), schema: jsonSchema.schema, name: asString(jsonSchema.name) ?? "response", deliver: "text", schemaParam: "response_format" };
  }
  return { ...base, mode: null, schema: undefined, name: "response", deliver: "text", schemaParam: "response_format" };
}

export function readResponsesCall(body: Record<string, unknown>): CallRead {
  const model = asString(body.model);
  if (model === undefined) return { problem: "Missing required parameter: 'model'.", param: "model" };
  const prompt = typeof body.input === "string" ? body.input : lastUserText(asArray(body.input));
  const maxTokens = asNumberOrUndefined(body.max_output_tokens);
  const base = {
    api: "openai-responses" as const,
    stream: body.stream === true,
    model,
    prompt,
    dialect: "json-schema" as const,
    ...(maxTokens === undefined ? {} : { maxTokens }),
    echo: responsesEcho(body),
  };
  const tools = asArray(body.tools).map(asRecord).filter((tool) => tool.type === "function");
  if (tools.length > 0) {
    const wanted = asString(asRecord(body.tool_choice).name);
    const index = Math.max(0, tools.findIndex((tool) => tool.name === wanted));
    const tool = tools[index]!;
    // strict: false opts out; strict omitted normalises to strict where it can, else falls back (openai-docs llms-full.txt).
    const mode = tool.strict === false ? "responses.tools" : tool.strict === true ? "responses.tools.strict" : "responses.tools.default";
    const tally = { count: tools.length, strict: tools.filter((other) => other.strict !== false).length };
    return { ...base, mode, schema: tool.parameters, name: asString(tool.name) ?? "", deliver: "tool", schemaParam: `tools[${index}].parameters`, tools: tally };
  }
  const format = asRecord(asRecord(body.text).format);
  if (format.type === "json_schema") {
    const mode = format.strict === true ? "responses.text.format.strict" : "responses.text.format";
    return { ...base, mode, schema: format.schema, name: asString(format.name) ?? "response", deliver: "text", schemaParam: "text.format.schema" };
  }
  return { ...base, mode: null, schema: undefined, name: "response", deliver: "text", schemaParam: "text.format" };
}

/** What a Response object repeats of its request, with the API's defaults for what was not sent. */
function responsesEcho(body: Record<string, unknown>): Record<string, unknown> {
  return {
    tools: Array.isArray(body.tools) ? body.tools : [],
    tool_choice: body.tool_choice ?? "auto",
    text: body.text ?? { format: { type: "text" } },
    metadata: body.metadata ?? {},
    instructions: body.instructions ?? null,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    temperature: body.temperature ?? 1,
    top_p: body.top_p ?? 1,
    store: body.store ?? true,
    truncation: body.truncation ?? "disabled",
    reasoning: body.reasoning ?? { effort: null, summary: null },
    previous_response_id: body.previous_response_id ?? null,
    user: body.user ?? null,
  };
}

function asNumberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
