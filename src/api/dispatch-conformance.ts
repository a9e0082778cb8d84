// `dispatchConformance()`: a tool-call dispatcher against the provider fixtures (suites/dispatch), each
// case with the property it checks. The same DispatchSection `schemalab dispatch --format json` prints.
import { runDispatchConformance, type DispatchConformanceOptions } from "../harness/run-dispatch-conformance.js";
import type { DispatchSection } from "../report/model.js";

export type DispatchConformanceApiOptions = DispatchConformanceOptions;

/**
 * Without a dispatcher, the reference dispatcher is checked. A dispatcher module file runs in a worker
 * thread (heap-capped, each call bounded by `timeoutMs`); a module object runs in this thread.
 * Rejects with DispatcherLoadError, DispatchFixtureError or CatalogError on bad input.
 *
 * @example
 * const section = await dispatchConformance({ dispatcherPath: "./my-dispatcher.js" });
 * section.cases.filter((entry) => !entry.passed); // each failure names the property it broke
 */
export async function dispatchConformance(options: DispatchConformanceApiOptions = {}): Promise<DispatchSection> {
  return runDispatchConformance(options);
}
