// Tools whose handlers only record what they were given: what the conformance runner hands a
// dispatcher, so it can tell which calls reached a handler and with which arguments.
import type { DispatcherTool } from "./dispatcher-module.js";

/** In every spy's output, so a result that merely relays the handler's output is recognisable on wires without an error flag. */
export const SPY_RECEIPT_PREFIX = "schemalab-spy-receipt:";

export interface ToolDeclaration {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

export interface Invocation {
  readonly tool: string;
  /** A copy taken when the handler was called, so later changes by the dispatcher do not hide what it passed. */
  readonly args: unknown;
}

export interface SpyTools {
  readonly tools: readonly DispatcherTool[];
  /** Everything recorded since the last call, and a fresh start. */
  takeInvocations(): Invocation[];
}

export function createSpyTools(declarations: readonly ToolDeclaration[]): SpyTools {
  let invocations: Invocation[] = [];
  const tools = declarations.map(
    (declaration): DispatcherTool => ({
      ...declaration,
      handler: async (args) => {
        invocations.push({ tool: declaration.name, args: copyOf(args) });
        return { ok: true, receipt: `${SPY_RECEIPT_PREFIX}${declaration.name}#${invocations.length}` };
      },
    }),
  );
  return {
    tools,
    takeInvocations() {
      const taken = invocations;
      invocations = [];
      return taken;
    },
  };
}

function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
