// One proposed call, checked before anything runs: the tool exists, the arguments are a JSON object,
// they match the schema (every failing field, with its reason), and the tool's guard allows them.
// Pure: nothing is loaded, created or written here, whatever the verdict.
import type { ToolCall } from "../../providers/wire/wire-types.js";
import { formatErrors } from "../lite/index.js";
import type { Tool } from "./define-tool.js";

export type RejectStage = "unknown-tool" | "parse" | "schema" | "guard";

export type CallVerdict =
  | { readonly kind: "run"; readonly tool: Tool; readonly args: Record<string, unknown> }
  | { readonly kind: "reject"; readonly stage: RejectStage; readonly message: string; readonly paths: readonly string[] }
  | { readonly kind: "confirm"; readonly tool: Tool; readonly message: string };

export function checkCall(call: ToolCall, tools: ReadonlyMap<string, Tool>): CallVerdict {
  const tool = tools.get(call.name);
  if (tool === undefined) {
    const known = [...tools.keys()].join(", ");
    return reject("unknown-tool", `there is no tool named ${JSON.stringify(call.name)}; the tools are: ${known}`);
  }
  const parsed = argumentsObject(call);
  if (parsed.kind === "reject") return parsed;
  const result = tool.validate(parsed.args);
  if (!result.valid) {
    const message = `invalid arguments for ${tool.name}:\n${formatErrors(result.errors)}`;
    return { kind: "reject", stage: "schema", message, paths: result.errors.map((error) => error.instancePath) };
  }
  return guardVerdict(tool, parsed.args);
}

function reject(stage: RejectStage, message: string): CallVerdict & { kind: "reject" } {
  return { kind: "reject", stage, message, paths: [] };
}

/** Arguments that did not parse, or parsed to anything but an object, are an error: never `{}`, never unwrapped. */
function argumentsObject(call: ToolCall): { kind: "ok"; args: Record<string, unknown> } | (CallVerdict & { kind: "reject" }) {
  if (call.parseError !== undefined || call.arguments === undefined) {
    const why = call.parseError === undefined ? "" : ` (${call.parseError})`;
    return reject("parse", `the arguments for ${call.name} are not valid JSON${why}; send one JSON object`);
  }
  const args = call.arguments;
  if (args !== null && typeof args === "object" && !Array.isArray(args)) return { kind: "ok", args: args as Record<string, unknown> };
  return reject("parse", `the arguments for ${call.name} must be a JSON object, not ${describeJson(args)}`);
}

function describeJson(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return looksLikeEncodedObject(value) ? "a string holding JSON (send the object itself, not its text)" : "a string";
  return `a ${typeof value}`;
}

function looksLikeEncodedObject(text: string): boolean {
  try {
    const inner: unknown = JSON.parse(text);
    return inner !== null && typeof inner === "object";
  } catch {
    return false;
  }
}

/** The guard sees a copy, so nothing it does can change what the handler receives. */
function guardVerdict(tool: Tool, args: Record<string, unknown>): CallVerdict {
  if (tool.guard === undefined) return { kind: "run", tool, args };
  let verdict;
  try {
    verdict = tool.guard(structuredClone(args));
  } catch (error) {
    return reject("guard", `${tool.name} could not check these arguments: ${(error as Error).message ?? String(error)}`);
  }
  switch (verdict.verdict) {
    case "allow":
      return { kind: "run", tool, args };
    case "reject":
      return reject("guard", `${tool.name}: ${verdict.reason}`);
    case "confirm":
      return { kind: "confirm", tool, message: `${tool.name} needs the user's confirmation first: ${verdict.reason}` };
  }
}
