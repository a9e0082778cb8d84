// Runs one checked call's handler with an idempotency key and a time limit. A handler that refuses with
// ToolRejection changed nothing; any other throw, or no answer in time, leaves the write outcome
// uncertain: reported as such and never retried on the dispatcher's own initiative.
import { createHash } from "node:crypto";
import { ToolRejection, type Tool } from "./define-tool.js";

export type HandlerOutcome =
  | { readonly kind: "done"; readonly output: unknown }
  | { readonly kind: "refused"; readonly message: string }
  | { readonly kind: "uncertain"; readonly message: string };

/**
 * The same call (tool name and call id) always gets the same key, so a replayed call dedupes in the
 * store. Gemini may send calls without an id; their raw arguments stand in for it.
 */
export function idempotencyKey(toolName: string, callId: string, rawArguments: string): string {
  const identity = callId === "" ? `args:${rawArguments}` : `id:${callId}`;
  return createHash("sha256").update(`${toolName}\u0000${identity}`).digest("hex").slice(0, 32);
}

export async function runHandler(tool: Tool, args: Record<string, unknown>, call: { id: string; rawArguments: string }): Promise<HandlerOutcome> {
  const controller = new AbortController();
  const context = { callId: call.id, toolName: tool.name, idempotencyKey: idempotencyKey(tool.name, call.id, call.rawArguments), signal: controller.signal };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HandlerOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ kind: "uncertain", message: `${tool.name} did not finish within ${tool.timeoutMs} ms; whether it took effect is unknown` });
    }, tool.timeoutMs);
  });
  try {
    return await Promise.race([settle(tool, args, context), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function settle(tool: Tool, args: Record<string, unknown>, context: Parameters<Tool["handler"]>[1]): Promise<HandlerOutcome> {
  try {
    return { kind: "done", output: await tool.handler(args, context) };
  } catch (error) {
    if (error instanceof ToolRejection) return { kind: "refused", message: `${tool.name}: ${error.message}` };
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "uncertain", message: `${tool.name} failed after it started (${message}); whether it took effect is unknown` };
  }
}
