// Fault injection by configuration: each fault fires on requests its scope matches, for the first
// `times` of them (all, by default). Counting per fault lets "429 twice, then succeed" be written down.
import type { FaultContext, FaultKind, FaultScope, FaultSpec } from "./emulator-types.js";

export interface FaultPlan {
  /** The faults that fire for this request, each counted as used; requests are numbered here. */
  fire(context: Omit<FaultContext, "requestNumber">): FaultSpec[];
}

export function createFaultPlan(faults: readonly FaultSpec[]): FaultPlan {
  const fired = faults.map(() => 0);
  let requests = 0;
  return {
    fire(request) {
      requests += 1;
      const context: FaultContext = { ...request, requestNumber: requests };
      const out: FaultSpec[] = [];
      faults.forEach((fault, index) => {
        if (!inScope(fault.when, context)) return;
        if (fired[index]! >= (fault.times ?? Infinity)) return;
        fired[index]! += 1;
        out.push(fault);
      });
      return out;
    },
  };
}

function inScope(scope: FaultScope | undefined, context: FaultContext): boolean {
  if (scope === undefined) return true;
  if (typeof scope === "function") return scope(context);
  if (scope.promptIncludes !== undefined && !context.prompt.includes(scope.promptIncludes)) return false;
  if (scope.feature !== undefined && !context.features.includes(scope.feature)) return false;
  if (scope.mode !== undefined && context.mode !== scope.mode) return false;
  if (scope.api !== undefined && context.api !== scope.api) return false;
  if (scope.stream !== undefined && context.stream !== scope.stream) return false;
  return true;
}

/** The fired fault of a kind, typed, or undefined. */
export function faultOf<K extends FaultKind>(fired: readonly FaultSpec[], kind: K): Extract<FaultSpec, { kind: K }> | undefined {
  return fired.find((fault): fault is Extract<FaultSpec, { kind: K }> => fault.kind === kind);
}
