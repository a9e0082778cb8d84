// order:properties: the probe asks for `{"second":"b","first":"a"}` where `first` is declared first. The
// keys' order as written survives JSON.parse (string keys keep insertion order), so the sample says it:
// declared order back means the provider imposes it (enforced, even when the values changed with it: a
// decoder forced off the asked bytes writes other values), the asked order means the order is the
// model's (ignored; altered when the values changed). Any other key set is inconclusive.
import { isDeepStrictEqual } from "node:util";
import { MISSING_VALUE } from "./missing-value.js";
import type { MeasuredCell } from "./probe-cell.js";
import type { FeatureProbe } from "./probe-suite.js";

export function classifyPropertyOrder(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  const asked = probe.tempting as Record<string, unknown>;
  const declared = Object.keys((probe.schema as { properties?: Record<string, unknown> }).properties ?? {});
  const askedOrder = Object.keys(asked);
  let reading: "enforced" | "ignored" | null = null;
  for (const [index, sample] of samples.entries()) {
    const shown = JSON.stringify(sample === MISSING_VALUE ? "<missing>" : sample);
    const evidence = { asked, cameBack: sample, samples, declaredOrder: declared };
    if (sample === null || typeof sample !== "object" || Array.isArray(sample)) return { status: "error", evidence: { ...evidence, summary: `inconclusive: sample ${index + 1} is not an object (${shown})` } };
    const order = Object.keys(sample);
    const same = (keys: readonly string[]): boolean => isDeepStrictEqual(order, keys);
    if (!same(declared) && !same(askedOrder)) return { status: "error", evidence: { ...evidence, summary: `inconclusive: sample ${index + 1} came back with keys ${order.join(", ")} (${shown})` } };
    const imposed = same(declared) && !same(askedOrder);
    if (!imposed && !isDeepStrictEqual(sample, asked)) {
      return { status: "altered", evidence: { ...evidence, summary: `accepted; asked ${JSON.stringify(asked)}, ${shown} came back (sample ${index + 1}): ${probe.verdicts.altered ?? "the values changed"}; keys in ${same(declared) ? "declared" : "asked"} order` } };
    }
    const now = imposed ? "enforced" : "ignored";
    if (reading !== null && reading !== now) return { status: "error", evidence: { ...evidence, summary: `inconclusive: samples disagree on the order (sample ${index + 1}: ${shown})` } };
    reading = now;
  }
  const verdict = reading ?? "ignored";
  return { status: verdict, evidence: { asked, cameBack: samples[0], samples, declaredOrder: declared, summary: `accepted; asked ${JSON.stringify(asked)}, ${JSON.stringify(samples[0])} came back: ${probe.verdicts[verdict]}` } };
}
