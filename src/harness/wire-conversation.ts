// A tool-calling conversation with a real (or emulated) endpoint, kept in the wire's own message shapes:
// each turn replays the model's calls and the dispatcher's results, so `runRounds` can drive a provider.
import { buildProviderRequest } from "../../providers/wire/wire-adapters.js";
import { sendRequest } from "../../providers/wire/wire-send-request.js";
import type { ToolCall } from "../../providers/wire/wire-types.js";
import type { Tool } from "./define-tool.js";
import type { DispatchOutcome } from "./dispatch.js";
import { readProviderAnswer, type ProviderPayload } from "./read-provider-answer.js";
import { renderForcedToolChoice, renderToolDeclarations } from "./render-tool-declarations.js";
import type { ToolResult } from "./render-tool-results.js";
import type { ModelTurns } from "./run-rounds.js";
import { providerOf, type WireFormat } from "./wire-format.js";

export interface ConversationOptions {
  readonly provider: WireFormat;
  readonly baseUrl: string;
  readonly model: string;
  /** Read from the environment by the caller; never written anywhere by this module. */
  readonly apiKey?: string;
  readonly tools: readonly Tool[];
  readonly stream?: boolean;
  /** Make the model call this tool (tool_choice / functionCallingConfig ANY). */
  readonly forceTool?: string;
  readonly timeoutMs?: number;
}

export interface WireConversation {
  /** Sends the history, the previous round's calls and results if any, and `userText` if given. */
  send(previous: DispatchOutcome | null, userText?: string): Promise<ProviderPayload>;
}

/** Non-strict tool modes: the dispatcher, not the provider, is what this conversation exercises. */
const TOOL_MODE: Readonly<Record<WireFormat, string>> = {
  "openai-chat": "chat.tools",
  "openai-responses": "responses.tools",
  anthropic: "messages.tools",
  google: "generate.functionDeclarations.parametersJsonSchema",
};

const HISTORY_FIELD: Readonly<Record<WireFormat, string>> = { "openai-chat": "messages", "openai-responses": "input", anthropic: "messages", google: "contents" };

export function createWireConversation(options: ConversationOptions): WireConversation {
  const history: unknown[] = [];
  let lastCalls: readonly ToolCall[] = [];
  return {
    async send(previous, userText) {
      if (previous !== null) history.push(...callsAndResults(options.provider, lastCalls, previous.results, userText));
      else if (userText !== undefined) history.push(userTurn(options.provider, userText));
      const request = requestFor(options, history);
      const outcome = await sendRequest(request, { timeoutMs: options.timeoutMs ?? 30_000 });
      if (outcome.kind === "network-error") throw new Error(`${options.provider}: ${outcome.code}: ${outcome.message}`);
      const payload: ProviderPayload = { raw: outcome.response, stream: request.stream };
      const answer = readProviderAnswer(options.provider, payload).answer;
      lastCalls = answer.kind === "tool-calls" ? answer.calls : [];
      return payload;
    },
  };
}

/** Turns for runRounds: round N sends the N-th user text (none once they run out). */
export function conversationTurns(conversation: WireConversation, userTexts: readonly string[]): ModelTurns {
  return { next: (previous, round) => conversation.send(previous, userTexts[round - 1]) };
}

function requestFor(options: ConversationOptions, history: readonly unknown[]) {
  const base = buildProviderRequest(providerOf(options.provider), {
    model: options.model,
    prompt: "",
    schema: {},
    mode: TOOL_MODE[options.provider],
    stream: options.stream ?? false,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    baseUrl: options.baseUrl,
  });
  // The builder knows the URL, headers and fixed fields; the conversation supplies history and tools.
  const { tool_choice: _choice, toolConfig: _config, parallel_tool_calls: _parallel, ...fixed } = base.body;
  const body = {
    ...fixed,
    [HISTORY_FIELD[options.provider]]: [...history],
    tools: renderToolDeclarations(options.provider, options.tools),
    ...(options.forceTool === undefined ? {} : renderForcedToolChoice(options.provider, options.forceTool)),
  };
  return { ...base, body };
}

function userTurn(format: WireFormat, text: string): unknown {
  return format === "google" ? { role: "user", parts: [{ text }] } : { role: "user", content: text };
}

/** Replayed calls keep the model's own text; wires that want an object get `{}` for arguments that did not parse. */
function callsAndResults(format: WireFormat, calls: readonly ToolCall[], results: readonly ToolResult[], userText: string | undefined): unknown[] {
  const asObject = (call: ToolCall) => (call.arguments !== null && typeof call.arguments === "object" && !Array.isArray(call.arguments) ? call.arguments : {});
  const text = userText === undefined ? [] : [userTurn(format, userText)];
  switch (format) {
    case "openai-chat":
      return [{ role: "assistant", content: null, tool_calls: calls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.rawArguments } })) }, ...results, ...text];
    case "openai-responses":
      return [...calls.map((call) => ({ type: "function_call", call_id: call.id, name: call.name, arguments: call.rawArguments })), ...results, ...text];
    case "anthropic":
      // Tool results first, then any text, in the one user message (providers.md 2.6).
      return [
        { role: "assistant", content: calls.map((call) => ({ type: "tool_use", id: call.id, name: call.name, input: asObject(call) })) },
        { role: "user", content: [...results, ...(userText === undefined ? [] : [{ type: "text", text: userText }])] },
      ];
    case "google":
      return [
        { role: "model", parts: calls.map((call) => ({ functionCall: { ...(call.id === "" ? {} : { id: call.id }), name: call.name, args: asObject(call) } })) },
        { role: "user", parts: [...results, ...(userText === undefined ? [] : [{ text: userText }])] },
      ];
  }
}
