// The dispatcher module contract, and loading one (`schemalab dispatch --dispatcher PATH`).
//
// A dispatcher module is an ES module whose default export is
//   { name: string, dispatch(input: DispatcherInput): Promise<ToolResult[]> }
// where input is
//   { provider: "openai-chat" | "openai-responses" | "anthropic" | "google",
//     response?: unknown,     // a non-streamed answer: the response body as parsed JSON
//     chunks?: string[],      // a streamed answer: the SSE body as the chunks that arrived
//                             //   (an event may span chunks; a cut stream ends mid-event)
//     tools: { name, description, inputSchema, handler(args): Promise<unknown> }[] }
// (exactly one of response and chunks is set), and it returns the tool results to send back, in the
// provider's own shape, one per call it answers:
//   openai-chat       { role: "tool", tool_call_id, content }
//   openai-responses  { type: "function_call_output", call_id, output }
//   anthropic         { type: "tool_result", tool_use_id, content, is_error? }
//   google            { functionResponse: { id?, name, response: { output } | { error } } }
// A call it refuses gets an error result: `is_error: true` on Anthropic, `response.error` on Gemini,
// text naming each failing field everywhere. The handlers are the conformance runner's spies.
import { existsSync } from "node:fs";
import { describeThrown } from "../validators/describe-thrown.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ToolResult } from "./render-tool-results.js";
import type { WireFormat } from "./wire-format.js";

export interface DispatcherTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly handler: (args: unknown, context?: unknown) => Promise<unknown>;
}

export interface DispatcherInput {
  readonly provider: WireFormat;
  readonly response?: unknown;
  readonly chunks?: readonly string[];
  readonly tools: readonly DispatcherTool[];
}

export interface DispatcherModule {
  readonly name: string;
  dispatch(input: DispatcherInput): Promise<readonly ToolResult[]>;
}

/** The module could not be loaded or breaks the contract; the message names the file and what is wrong. */
export class DispatcherLoadError extends Error {
  override readonly name = "DispatcherLoadError";
}

export function describeDispatcherGap(exported: unknown): string | null {
  if (exported === undefined) return "has no default export (expected `export default { name, dispatch }`)";
  if (exported === null || typeof exported !== "object") return `default export is ${exported === null ? "null" : typeof exported}, expected an object { name, dispatch }`;
  const candidate = exported as { name?: unknown; dispatch?: unknown };
  const missing = [
    typeof candidate.name === "string" && candidate.name !== "" ? null : "'name' (a non-empty string)",
    typeof candidate.dispatch === "function" ? null : "'dispatch' (a function)",
  ].filter((gap) => gap !== null);
  return missing.length > 0 ? `default export is missing ${missing.join(" and ")}` : null;
}

/** A module file, resolved from the working directory; without a path, the reference dispatcher. */
export async function loadDispatcherModule(path?: string, cwd: string = process.cwd()): Promise<DispatcherModule> {
  if (path === undefined) return (await import("./reference-dispatcher-module.js")).default;
  const file = resolve(cwd, path);
  if (!existsSync(file)) throw new DispatcherLoadError(`dispatcher module ${file}: file not found`);
  let imported: { default?: unknown };
  try {
    imported = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    throw new DispatcherLoadError(`dispatcher module ${file}: cannot import it: ${describeThrown(error)}`);
  }
  const gap = describeDispatcherGap(imported.default);
  if (gap !== null) throw new DispatcherLoadError(`dispatcher module ${file}: ${gap}`);
  return imported.default as DispatcherModule;
}
