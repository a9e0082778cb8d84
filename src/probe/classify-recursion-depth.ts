// The `$ref:recursive` reading. Some providers unroll recursion to a fixed depth (Gemini responseJsonSchema:
// "Cyclic references are unrolled to a limited degree ... may only be used within non-required
// properties"), so the probe asks for a tree deeper than such an unrolling, through a non-required
// recursive property, with a wrong type at the bottom. A tree cut short still conforms, so conforming
// is not enough: one that came back shallower than asked is `altered`, and the evidence says how deep.
import { isDeepStrictEqual } from "node:util";
import { featureInfo } from "../schema/features.js";
import { MISSING_VALUE } from "./missing-value.js";
import { errorsTouchKeywords, judgeSample } from "./judge-sample.js";
import type { MeasuredCell } from "./probe-cell.js";
import { standaloneProbeSchema } from "./probe-document.js";
import type { FeatureProbe } from "./probe-suite.js";

export function classifyRecursionDepth(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  const schema = standaloneProbeSchema(probe);
  const keywords = probe.keywords ?? featureInfo(probe.feature).keywords;
  const askedDepth = objectDepth(probe.tempting);
  const depths: number[] = [];
  for (const [index, sample] of samples.entries()) {
    if (sample === MISSING_VALUE) return inconclusive(probe, `sample ${index + 1} has no value for this probe`, samples);
    const judgement = judgeSample(schema, sample);
    if (!judgement.valid) {
      if (!isDeepStrictEqual(sample, probe.tempting) && !errorsTouchKeywords(judgement.errors, keywords)) return inconclusive(probe, `sample ${index + 1} breaks other keywords than the probed one`, samples);
      return { status: "ignored", evidence: { summary: `accepted; sample ${index + 1} breaks ${probe.feature}: ${probe.verdicts.ignored}`, asked: probe.tempting, samples, ajvErrors: judgement.errors } };
    }
    depths.push(objectDepth(sample));
  }
  const shallow = depths.findIndex((depth) => depth < askedDepth);
  if (shallow >= 0) {
    const how = `sample ${shallow + 1} conforms but came back ${depths[shallow]} levels deep of the ${askedDepth} asked`;
    return { status: "altered", evidence: { summary: `accepted; ${how}: ${probe.verdicts.altered ?? "the recursion was cut"}`, asked: probe.tempting, samples, askedDepth, returnedDepths: depths } };
  }
  return { status: "enforced", evidence: { summary: `accepted; all ${samples.length} samples conform, ${askedDepth} levels deep as asked: ${probe.verdicts.enforced}`, asked: probe.tempting, samples } };
}

/** Objects on the deepest path through the value (arrays add no level): a chain of N nodes is N deep. */
export function objectDepth(value: unknown): number {
  if (Array.isArray(value)) return Math.max(0, ...value.map(objectDepth));
  if (value === null || typeof value !== "object") return 0;
  return 1 + Math.max(0, ...Object.values(value).map(objectDepth));
}

function inconclusive(probe: FeatureProbe, why: string, samples: readonly unknown[]): MeasuredCell {
  const shown = samples.map((sample) => (sample === MISSING_VALUE ? "<missing>" : sample));
  return { status: "error", evidence: { summary: `inconclusive: ${why}`, asked: probe.tempting, samples: shown } };
}
