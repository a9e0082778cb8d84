// One tool definition, used both to advertise the tool (render-tool-declarations.ts) and to check calls
// to it: the schema is compiled once, with lite, reporting every failing field.
import { compile, type Validate } from "../lite/index.js";

export type RiskLevel = "low" | "medium" | "high";

export interface HandlerContext {
  readonly callId: string;
  readonly toolName: string;
  /** Derived from the call id and tool name: a store that dedupes on it writes once, however often the call is replayed. */
  readonly idempotencyKey: string;
  /** Aborted when the dispatcher stops waiting (timeout); the outcome is then reported as uncertain. */
  readonly signal: AbortSignal;
}

/** What a guard decides about schema-valid arguments. `confirm`: the action needs the user's yes first. */
export type GuardVerdict =
  | { readonly verdict: "allow" }
  | { readonly verdict: "reject"; readonly reason: string }
  | { readonly verdict: "confirm"; readonly reason: string };

export interface ToolSpec<Args> {
  readonly name: string;
  readonly description: string;
  /** A JSON Schema (draft 2020-12) for the arguments object. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly handler: (args: Args, context: HandlerContext) => unknown;
  /** What a schema cannot say (impossible dates, unknown ids, confirmation). Sees only schema-valid arguments; must not throw. */
  readonly guard?: (args: Args) => GuardVerdict;
  readonly risk?: RiskLevel;
  /** How long the handler may run before its outcome is reported as uncertain (default 30 s). */
  readonly timeoutMs?: number;
}

/** A defined tool: the spec with its compiled check. Arguments reach handler and guard only once they pass it. */
export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly handler: (args: Record<string, unknown>, context: HandlerContext) => unknown;
  readonly guard?: (args: Record<string, unknown>) => GuardVerdict;
  readonly risk?: RiskLevel;
  readonly timeoutMs: number;
  readonly validate: Validate;
}

export const DEFAULT_HANDLER_TIMEOUT_MS = 30_000;

/** Compiles the schema now, so a schema lite cannot check fails at definition, not at the first call. */
export function defineTool<Args = Record<string, unknown>>(spec: ToolSpec<Args>): Tool {
  // The schema check is what makes the arguments an Args; before it they are only a JSON object.
  const handler = spec.handler as unknown as Tool["handler"];
  const guard = spec.guard as unknown as Tool["guard"];
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    handler,
    ...(guard === undefined ? {} : { guard }),
    ...(spec.risk === undefined ? {} : { risk: spec.risk }),
    timeoutMs: spec.timeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS,
    validate: compile(spec.inputSchema as Record<string, unknown>, { allErrors: true }),
  };
}

/**
 * Thrown by a handler that refuses before it changes anything (a missing row, a closed account): the
 * model gets an error result it can act on. Any other exception leaves the write outcome uncertain.
 */
export class ToolRejection extends Error {
  override readonly name = "ToolRejection";
}
