// What the main thread and a dispatcher's worker say to each other. Everything here survives structured clone.
import type { DispatcherInput } from "./dispatcher-module.js";
import type { ToolDeclaration } from "./spy-tools.js";

export interface DispatcherWorkerData {
  readonly modulePath: string;
  readonly cwd: string;
}

/** A dispatch call without the handlers (functions do not cross threads): the worker calls back instead. */
export type IsolatedInput = Omit<DispatcherInput, "tools"> & { readonly tools: readonly ToolDeclaration[] };

export type ToWorker =
  | { readonly kind: "dispatch"; readonly input: IsolatedInput }
  | { readonly kind: "invoked"; readonly callId: number; readonly value: unknown };

export type FromWorker =
  | { readonly kind: "ready"; readonly name: string }
  | { readonly kind: "load-error"; readonly message: string }
  | { readonly kind: "invoke"; readonly callId: number; readonly tool: string; readonly args: unknown }
  | { readonly kind: "done"; readonly value: unknown }
  | { readonly kind: "threw"; readonly error: string };
