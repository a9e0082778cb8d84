// The probe suite itself: one probe per taxonomy feature, each tempting value breaking exactly what it
// says (checked with Ajv), each schema using the feature it probes, and every key safe to send together.
import { describe, expect, it } from "vitest";
import { detectFeatures, measureSchema } from "../schema/index.js";
import { FEATURE_IDS, featureInfo } from "../schema/features.js";
import { buildLimitRequest, buildLimitSchema } from "./build-limit-schema.js";
import { errorsTouchKeywords, judgeSample } from "./judge-sample.js";
import { buildProbeDocument, probeKey, standaloneProbeSchema } from "./probe-document.js";
import { loadProbeSuite } from "./probe-suite.js";

const suite = loadProbeSuite();
const violationProbes = suite.probes.filter((probe) => probe.kind === "violation" && probe.classifier === undefined);

describe("the probe suite", () => {
  it("has exactly one probe per feature id of the taxonomy", () => {
    const probed = [...suite.probes.map((probe) => probe.feature), ...suite.limits.map((probe) => probe.feature)];
    expect([...probed].sort()).toEqual([...FEATURE_IDS].sort());
  });

  it("gives every probe a key no other key contains as a word", () => {
    const keys = suite.probes.map((probe) => probeKey(probe.feature));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(keys.filter((other) => other !== key && new RegExp(`(?<![A-Za-z0-9_])${key}(?![A-Za-z0-9_])`).test(other))).toEqual([]);
  });

  it.each(violationProbes.map((probe) => [probe.feature, probe] as const))("%s: the tempting value breaks the probed keywords", (_feature, probe) => {
    const judgement = judgeSample(standaloneProbeSchema(probe), probe.tempting);
    expect(judgement.valid).toBe(false);
    if (!judgement.valid) expect(errorsTouchKeywords(judgement.errors, probe.keywords ?? featureInfo(probe.feature).keywords)).toBe(true);
  });

  it.each(suite.probes.filter((probe) => probe.kind === "acceptance").map((probe) => [probe.feature, probe] as const))("%s: the asked value conforms (acceptance only)", (_feature, probe) => {
    expect(judgeSample(standaloneProbeSchema(probe), probe.tempting)).toMatchObject({ valid: true });
  });

  it.each(suite.probes.filter((probe) => probe.classifier === "enum-casing" || probe.classifier === "oneOf-exclusivity").map((probe) => [probe.feature, probe] as const))(
    "%s: the two-part tempting value breaks the declared schema",
    (_feature, probe) => {
      expect(judgeSample(standaloneProbeSchema(probe), probe.tempting).valid).toBe(false);
    },
  );

  // order:properties describes how a value comes back, not a keyword a schema uses: detection has no reading of it.
  it.each(suite.probes.filter((probe) => probe.feature !== "order:properties").map((probe) => [probe.feature, probe] as const))("%s: the document sent uses the probed feature", (_feature, probe) => {
    const features = detectFeatures(buildProbeDocument([probe], { closeObjects: false }).schema).map((use) => use.feature);
    expect(features).toContain(probe.feature);
  });

  it("lets every probe use only features that are no rarer than the one it probes (helpers are type, properties, required, enum, optional)", () => {
    const helpers = new Set(["type:object", "type:string", "type:integer", "type:number", "type:array", "properties", "required", "items", "enum", "optional", "prefixItems", "$ref:local", "format:date-time"]);
    for (const probe of suite.probes) {
      const extra = detectFeatures(standaloneProbeSchema(probe)).map((use) => use.feature).filter((feature) => feature !== probe.feature && !helpers.has(feature) && feature !== "root:non-object");
      expect({ feature: probe.feature, extra }).toEqual({ feature: probe.feature, extra: [] });
    }
  });
});

describe("limit probe schemas", () => {
  it.each([1, 7, 250, 5001])("measure exactly the size asked (%i)", (size) => {
    expect(measureSchema(buildLimitSchema("properties", size, { closeObjects: true })).propertyCount).toBe(size);
    expect(measureSchema(buildLimitSchema("enum", size, { closeObjects: false })).enumValueCount).toBe(size);
    if (size <= 250) expect(measureSchema(buildLimitSchema("nesting", size, { closeObjects: true })).nestingDepth).toBe(size);
  });

  it.each([0, 1, 16, 17, 24, 25])("count exactly the optional and union properties asked, beside one required base property (%i)", (size) => {
    const optional = measureSchema(buildLimitSchema("optional", size, { closeObjects: true }));
    expect(optional).toMatchObject({ optionalCount: size, propertyCount: size + 1, unionCount: 0 });
    const union = measureSchema(buildLimitSchema("union", size, { closeObjects: false }));
    expect(union).toMatchObject({ unionCount: size, propertyCount: size + 1, optionalCount: 0 });
  });

  it.each([1, 2, 1001, 120_000, 120_001, 200_000])("hold exactly the characters of names and enum values asked, in fewer than 251 distinct values (%i)", (size) => {
    const schema = buildLimitSchema("string-length", size, { closeObjects: true }) as { properties: Record<string, { enum: string[] }> };
    const values = Object.values(schema.properties).flatMap((property) => property.enum);
    const total = Object.keys(schema.properties).join("").length + values.join("").length;
    expect(total).toBe(size);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBeLessThanOrEqual(250);
  });

  it.each([1, 20, 21, 129])("send exactly the tools asked, the probe's own first (%i)", (size) => {
    const request = buildLimitRequest("tools", size, { closeObjects: true });
    expect(1 + request.extraTools!.length).toBe(size);
    expect(new Set(request.extraTools!.map((tool) => tool.name)).size).toBe(size - 1);
  });
});
