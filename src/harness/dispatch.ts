// The reference dispatcher: completeness first (a truncated, refused or failed answer runs nothing), then
// every call is checked (tool, JSON object, schema, guard) before any handler runs, then the allowed
// calls run in the order the model made them. Each call gets one result, in the provider's shape.
import type { ProviderResponse, ToolCall } from "../../providers/wire/wire-types.js";
import { checkCall, type CallVerdict, type RejectStage } from "./check-call.js";
import type { Tool } from "./define-tool.js";
import { readProviderAnswer, type ProviderPayload } from "./read-provider-answer.js";
import { renderToolResult, type ResultBody, type ToolResult } from "./render-tool-results.js";
import { runHandler } from "./run-handler.js";
import type { WireFormat } from "./wire-format.js";

export type AnswerKind = "tool-calls" | "truncated" | "refusal" | "error" | "no-calls";

export type CallStatus = "executed" | "rejected" | "needs-confirmation" | "uncertain";

export interface CallOutcome {
  readonly callId: string;
  readonly toolName: string;
  readonly status: CallStatus;
  /** Where a call stopped: a check stage, or `handler` (refused or uncertain). */
  readonly stage?: RejectStage | "handler";
  readonly message?: string;
  /** JSON Pointers of the failing values, for schema rejections. */
  readonly paths?: readonly string[];
  readonly output?: unknown;
}

export interface DispatchOutcome {
  readonly provider: WireFormat;
  /** What the answer was; only a complete `tool-calls` answer runs anything. */
  readonly answer: AnswerKind;
  /** Why nothing ran, when nothing could. */
  readonly detail?: string;
  readonly calls: readonly CallOutcome[];
  /** One per call, in the provider's shape, ready to go back to the model. */
  readonly results: readonly ToolResult[];
}

export interface Dispatcher {
  readonly tools: readonly Tool[];
  dispatch(provider: WireFormat, payload: ProviderPayload): Promise<DispatchOutcome>;
  /** For callers that parsed the answer already (providers/ callProvider). */
  dispatchAnswer(provider: WireFormat, response: ProviderResponse): Promise<DispatchOutcome>;
}

export function createDispatcher(tools: readonly Tool[]): Dispatcher {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (byName.size !== tools.length) throw new Error("createDispatcher: two tools share a name");
  const dispatchAnswer = (provider: WireFormat, response: ProviderResponse) => dispatchParsed(provider, response, byName);
  return {
    tools,
    dispatchAnswer,
    dispatch: (provider, payload) => dispatchAnswer(provider, readProviderAnswer(provider, payload)),
  };
}

async function dispatchParsed(provider: WireFormat, response: ProviderResponse, tools: ReadonlyMap<string, Tool>): Promise<DispatchOutcome> {
  const { answer } = response;
  switch (answer.kind) {
    case "truncated":
      return nothingRan(provider, "truncated", `the answer is incomplete (${answer.reason}); no call was run`);
    case "refusal":
      return nothingRan(provider, "refusal", `the model refused (${answer.text}); no call was run`);
    case "error":
      return nothingRan(provider, "error", `the provider answered with an error (${answer.errorType}: ${answer.message})`);
    case "structured":
      return nothingRan(provider, "no-calls", "the answer has no tool calls");
    case "tool-calls":
      return runCalls(provider, answer.calls, tools);
  }
}

function nothingRan(provider: WireFormat, answer: AnswerKind, detail: string): DispatchOutcome {
  return { provider, answer, detail, calls: [], results: [] };
}

/** Every verdict first: a rejected call cannot depend on, or be affected by, another call's handler. */
async function runCalls(provider: WireFormat, calls: readonly ToolCall[], tools: ReadonlyMap<string, Tool>): Promise<DispatchOutcome> {
  const verdicts = calls.map((call) => checkCall(call, tools));
  const outcomes: CallOutcome[] = [];
  for (const [index, call] of calls.entries()) outcomes.push(await settleCall(call, verdicts[index]!));
  const results = outcomes.map((outcome) => renderToolResult(provider, { callId: outcome.callId, toolName: outcome.toolName, body: resultBody(outcome) }));
  return { provider, answer: "tool-calls", calls: outcomes, results };
}

async function settleCall(call: ToolCall, verdict: CallVerdict): Promise<CallOutcome> {
  const base = { callId: call.id, toolName: call.name };
  if (verdict.kind === "reject") return { ...base, status: "rejected", stage: verdict.stage, message: verdict.message, paths: verdict.paths };
  if (verdict.kind === "confirm") return { ...base, status: "needs-confirmation", stage: "guard", message: verdict.message };
  const outcome = await runHandler(verdict.tool, verdict.args, call);
  switch (outcome.kind) {
    case "done":
      return { ...base, status: "executed", output: outcome.output };
    case "refused":
      return { ...base, status: "rejected", stage: "handler", message: outcome.message };
    case "uncertain":
      return { ...base, status: "uncertain", stage: "handler", message: outcome.message };
  }
}

function resultBody(outcome: CallOutcome): ResultBody {
  switch (outcome.status) {
    case "executed":
      return { kind: "output", output: outcome.output };
    case "uncertain":
      // Said plainly so the model does not retry a write that may have happened.
      return { kind: "error", message: `${outcome.message}. Do not call it again; the application will check.` };
    default:
      return { kind: "error", message: outcome.message ?? "rejected" };
  }
}
