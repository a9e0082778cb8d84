// What the samples of an accepted probe say about its feature: every sample conforms (enforced), one
// breaks the probed feature (ignored), or one shows the contract changed in transport (altered). A
// sample that breaks something else is inconclusive (error), never counted against the feature.
import { isDeepStrictEqual } from "node:util";
import { featureInfo } from "../schema/features.js";
import { classifyRecursionDepth } from "./classify-recursion-depth.js";
import { classifyPropertyOrder } from "./classify-property-order.js";
import { MISSING_VALUE } from "./missing-value.js";
import { errorsTouchKeywords, judgeSample, type SampleError } from "./judge-sample.js";
import { standaloneProbeSchema } from "./probe-document.js";
import type { FeatureProbe } from "./probe-suite.js";
import type { MeasuredCell } from "./probe-cell.js";
import type { JsonSchema } from "../schema/types.js";

export { MISSING_VALUE };

export function classifySamples(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  switch (probe.classifier) {
    case "enum-casing":
      return classifyEnumCasing(probe, samples);
    case "oneOf-exclusivity":
      return classifyOneOf(probe, samples);
    case "optional-fields":
      return classifyOptionalFields(probe, samples);
    case "extra-kept":
      return classifyExtraKept(probe, samples);
    case "recursion-depth":
      return classifyRecursionDepth(probe, samples);
    case "property-order":
      return classifyPropertyOrder(probe, samples);
    default:
      return probe.kind === "acceptance" ? classifyAcceptance(probe, samples) : classifyViolation(probe, samples);
  }
}

/**
 * `ignored` only when the asked violation (or one equal to it up to key order) comes back. Another value
 * that breaks the feature as the spec reads it is `altered`: the provider refused the asked value but its
 * rule is looser than the spec. A value that breaks other keywords is `altered` too, with the path: the
 * provider dropped or mangled parts the schema allows.
 */
function classifyViolation(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  const missing = samples.findIndex((sample) => sample === MISSING_VALUE);
  if (missing >= 0) return inconclusive(probe, `sample ${missing + 1} has no value for this probe`, samples);
  const schema = standaloneProbeSchema(probe);
  const keywords = probe.keywords ?? featureInfo(probe.feature).keywords;
  let altered: MeasuredCell | null = null;
  let ajvNote: Record<string, unknown> = {};
  for (const [index, sample] of samples.entries()) {
    const judgement = judgeSample(schema, sample);
    const reading = judgement.ajvReadsOtherwise === undefined ? {} : { ajvReadsOtherwise: { sample: index + 1, ...judgement.ajvReadsOtherwise } };
    if (judgement.valid && judgement.ajvReadsOtherwise !== undefined) ajvNote = reading;
    if (isDeepStrictEqual(sample, probe.tempting)) {
      const note = judgement.valid ? " (lite reads the asked value as valid: the probe's value does not break the feature as the spec reads it)" : "";
      return { status: "ignored", evidence: { summary: `accepted; sample ${index + 1} is the asked value ${quote(probe.tempting)}: ${probe.verdicts.ignored}${note}`, asked: probe.tempting, cameBack: sample, samples, ...reading, ...(judgement.valid ? {} : { errors: judgement.errors }) } };
    }
    if (judgement.valid || altered !== null) continue;
    const breaksFeature = errorsTouchKeywords(judgement.errors, keywords);
    const paths = [...new Set(judgement.errors.map((error) => error.instancePath || "/"))];
    const summary = breaksFeature
      ? `accepted; asked ${quote(probe.tempting)}, ${quote(sample)} came back (sample ${index + 1}): the asked value was refused but this one still breaks ${probe.feature}: the provider's rule is looser than the spec`
      : `accepted; asked ${quote(probe.tempting)}, ${quote(sample)} came back (sample ${index + 1}): parts the schema allows were dropped or mangled at ${paths.join(", ")}`;
    altered = { status: "altered", evidence: { summary, asked: probe.tempting, cameBack: sample, samples, paths, errors: judgement.errors, judgedBy: judgement.by, ...reading } };
  }
  if (altered !== null) return altered;
  const shown = samples.length === 1 ? `${quote(samples[0])} came back` : `all ${samples.length} samples conform`;
  const ajvSays = "ajvReadsOtherwise" in ajvNote ? " (lite's exact formats read it as valid; Ajv's do not)" : "";
  return { status: "enforced", evidence: { summary: `accepted; asked ${quote(probe.tempting)}, ${shown}: ${probe.verdicts.enforced}${ajvSays}`, asked: probe.tempting, cameBack: samples[0], samples, ...ajvNote } };
}

/** A value as evidence quotes it: JSON, cut to a readable length. */
export function quote(value: unknown): string {
  const text = value === MISSING_VALUE ? "<missing>" : JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Nothing can break the feature: accepted and the asked value came back is all there is to see. */
function classifyAcceptance(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  const schema = standaloneProbeSchema(probe);
  const odd = samples.findIndex((sample) => sample === MISSING_VALUE || !judgeSample(schema, sample).valid);
  if (odd >= 0) return inconclusive(probe, `accepted, but sample ${odd + 1} does not conform to the probe schema`, samples);
  return askedValueCameBack(probe, samples, "accepted (acceptance only: this feature cannot be violated)");
}

function askedValueCameBack(probe: FeatureProbe, samples: readonly unknown[], summary: string): MeasuredCell {
  const evidence = { summary, asked: probe.tempting, samples };
  return probe.companion === undefined ? { status: "enforced", evidence } : { status: "enforced", evidence, companion: probe.companion };
}

function classifyOptionalFields(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  const asked = probe.tempting as Record<string, unknown>;
  for (const [index, sample] of samples.entries()) {
    if (!isPlainObject(sample)) return inconclusive(probe, `sample ${index + 1} is not an object`, samples);
    const filled = Object.keys(sample).filter((key) => !(key in asked));
    if (filled.length > 0) {
      const how = filled.map((key) => `${key}=${JSON.stringify(sample[key])}`).join(", ");
      return { status: "altered", evidence: { summary: `accepted, but asked ${quote(asked)}, ${quote(sample)} came back (sample ${index + 1}): optional fields filled (${how}): the contract changed in transport`, cameBack: sample, asked, samples } };
    }
    if (!isDeepStrictEqual(sample, asked)) return inconclusive(probe, `sample ${index + 1} changed the required field`, samples);
  }
  return askedValueCameBack(probe, samples, "accepted; only the required field came back, as asked");
}

function classifyExtraKept(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  const asked = probe.tempting as Record<string, unknown>;
  for (const [index, sample] of samples.entries()) {
    if (!isPlainObject(sample)) return inconclusive(probe, `sample ${index + 1} is not an object`, samples);
    const dropped = Object.keys(asked).filter((key) => !(key in sample));
    if (dropped.length > 0) return { status: "altered", evidence: { summary: `accepted, but asked ${quote(asked)}, ${quote(sample)} came back (sample ${index + 1}): ${dropped.join(", ")} dropped: the object was closed in transport`, cameBack: sample, asked, samples } };
  }
  return askedValueCameBack(probe, samples, "accepted; the extra property came back, as allowed");
}

/** `color` asks for a listed value in another letter case, `shade` for an unlisted one. */
function classifyEnumCasing(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  return classifyWeakReading(probe, samples, caseInsensitiveEnums);
}

/** `both` asks for a value two branches match, `neither` for one no branch matches. */
function classifyOneOf(probe: FeatureProbe, samples: readonly unknown[]): MeasuredCell {
  return classifyWeakReading(probe, samples, oneOfAsAnyOf);
}

/**
 * Probes whose `altered` is a known weaker reading of the feature (enum without letter case, oneOf as
 * anyOf): a sample the declared schema refuses but the weaker reading accepts means altered; one the
 * weaker reading refuses too means the feature was ignored.
 */
function classifyWeakReading(probe: FeatureProbe, samples: readonly unknown[], weaken: (schema: unknown) => unknown): MeasuredCell {
  const schema = standaloneProbeSchema(probe);
  const weak = weaken(structuredClone(schema)) as JsonSchema;
  const keywords = probe.keywords ?? featureInfo(probe.feature).keywords;
  let altered: number | null = null;
  for (const [index, sample] of samples.entries()) {
    if (sample === MISSING_VALUE) return inconclusive(probe, `sample ${index + 1} has no value for this probe`, samples);
    if (judgeSample(schema, sample).valid) continue;
    const weakJudgement = judgeSample(weak, sample);
    if (weakJudgement.valid) {
      altered ??= index;
      continue;
    }
    if (!isDeepStrictEqual(sample, probe.tempting) && !errorsTouchKeywords(weakJudgement.errors, [...keywords, "anyOf"])) {
      return inconclusive(probe, `sample ${index + 1} breaks other keywords than the probed one`, samples, weakJudgement.errors);
    }
    return { status: "ignored", evidence: { summary: `accepted; asked ${quote(probe.tempting)}, ${quote(sample)} came back (sample ${index + 1}): ${probe.verdicts.ignored}`, asked: probe.tempting, cameBack: sample, samples, errors: weakJudgement.errors } };
  }
  if (altered !== null) return { status: "altered", evidence: { summary: `accepted; asked ${quote(probe.tempting)}, ${quote(samples[altered])} came back (sample ${altered + 1}): ${probe.verdicts.altered ?? "the feature was read in a weaker form"}`, cameBack: samples[altered], asked: probe.tempting, samples } };
  return { status: "enforced", evidence: { summary: `accepted; asked ${quote(probe.tempting)}, ${quote(samples[0])} came back${samples.length > 1 ? ` (all ${samples.length} samples conform)` : ""}: ${probe.verdicts.enforced}`, asked: probe.tempting, cameBack: samples[0], samples } };
}

function caseInsensitiveEnums(node: unknown): unknown {
  return mapSchemaNodes(node, (schema) => {
    if (!Array.isArray(schema.enum)) return schema;
    const { enum: values, ...rest } = schema;
    const branches = (values as unknown[]).map((value) => (typeof value === "string" ? { type: "string", pattern: `^${caseInsensitive(value)}$` } : { const: value }));
    return { ...rest, anyOf: branches };
  });
}

function oneOfAsAnyOf(node: unknown): unknown {
  return mapSchemaNodes(node, (schema) => {
    if (!Array.isArray(schema.oneOf)) return schema;
    const { oneOf, ...rest } = schema;
    return { ...rest, anyOf: oneOf };
  });
}

function caseInsensitive(value: string): string {
  return [...value].map((char) => (char.toLowerCase() !== char.toUpperCase() ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))).join("");
}

/** Applies `map` to every object node, children first (probe schemas are small trees). */
function mapSchemaNodes(node: unknown, map: (schema: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => mapSchemaNodes(item, map));
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = mapSchemaNodes(value, map);
  return map(out);
}

function inconclusive(probe: FeatureProbe, why: string, samples: readonly unknown[], ajvErrors?: readonly SampleError[]): MeasuredCell {
  const shown = samples.map((sample) => (sample === MISSING_VALUE ? "<missing>" : sample));
  return { status: "error", evidence: { summary: `inconclusive: ${why}`, asked: probe.tempting, samples: shown, ...(ajvErrors ? { ajvErrors } : {}) } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
