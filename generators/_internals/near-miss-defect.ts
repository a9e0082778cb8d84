// One defect applied to a valid instance: the mutated instance, where the defect sits, and what the
// spec says about the result.
import type { FeatureId } from "../../src/schema/features.js";
import type { DefectContext } from "./defect-context.js";
import type { InstanceSite } from "./instance-sites.js";
import type { Verdict } from "./near-miss-verdicts.js";

export interface Defect {
  readonly value: unknown;
  readonly path: string;
  readonly feature: FeatureId;
  readonly expectedValid: Verdict;
  readonly detail: string;
  /** JSON text of value, when the defect lives in the text (an integer written 1.0). */
  readonly json?: string;
}

/** Defects are built only when chosen, so enumerating candidates stays cheap. */
export type DefectMaker = () => Defect | undefined;

/** context: drawing from recipes and the checker's verdict, for the built families. */
export type DefectFinder = (site: InstanceSite, instance: unknown, context?: DefectContext) => DefectMaker[];

export function typeFeature(types: readonly string[]): FeatureId {
  return types.length > 1 ? "type:union" : `type:${types[0]}`;
}
