import fc from "fast-check";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { featureIdsOf, measureSchema } from "../src/schema/detect-features.js";
import { FEATURE_IDS } from "../src/schema/features.js";
import type { JsonSchema } from "../src/schema/types.js";
import { nearMiss } from "./near-miss.js";
import { IMPLICIT_FEATURES, IMPLIED_FEATURES, schemaOver } from "./schema-over.js";
import { bareSamples, expectAllValid, expectSameSeedSameValues } from "./test-support/laws.js";
import { createJudge } from "./test-support/reference-judge.js";
import { validValue } from "./valid-value.js";

const ajv = new Ajv2020Module.default({ strict: false, logger: false });
addFormatsModule.default(ajv);

const featureSets = fc.subarray([...FEATURE_IDS]);
const schemaWithFeatures = featureSets.chain((features) => fc.tuple(fc.constant(features), schemaOver(features)));

const allowed = (features: readonly string[]) => new Set([...features, ...features.flatMap((f) => IMPLIED_FEATURES[f] ?? []), ...IMPLICIT_FEATURES]);

describe("schemaOver", () => {
  it("uses only the given features (plus an object root's type, properties and required)", () => {
    fc.assert(
      fc.property(schemaWithFeatures, ([features, schema]) => {
        const outside = featureIdsOf(schema).filter((feature) => !allowed(features).has(feature));
        expect(outside, JSON.stringify(schema).slice(0, 500)).toEqual([]);
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it("gives object roots unless asked otherwise", () => {
    for (const schema of fc.sample(schemaOver(["type:string", "minLength"]), { numRuns: 50, seed: 2 })) expect((schema as { type?: string }).type).toBe("object");
  });

  it("compiles in Ajv and is satisfiable: validValue finds values valid for every judge", () => {
    fc.assert(
      fc.property(schemaWithFeatures, ([, schema]) => {
        expect(() => ajv.compile(schema as object)).not.toThrow();
        ajv.removeSchema(schema as object);
        // fast-check's draws and the fuzz loop's bare ones (checked equal to generate's).
        const values = [...fc.sample(validValue(schema), { numRuns: 25, seed: 3 }), ...bareSamples(validValue(schema), { numRuns: 10, seed: 9 })];
        expectAllValid(values, createJudge(schema), JSON.stringify(schema).slice(0, 300));
      }),
      { numRuns: 100, seed: 4 },
    );
  }, 240_000);

  it("gives near misses whose known verdicts match the spec", () => {
    fc.assert(
      fc.property(schemaWithFeatures, ([, schema]) => {
        let arbitrary;
        try {
          arbitrary = nearMiss(schema);
        } catch {
          return; // no place for a defect (an object of unconstrained properties)
        }
        const judge = createJudge(schema);
        for (const c of [...fc.sample(arbitrary, { numRuns: 15, seed: 5 }), ...bareSamples(arbitrary, { numRuns: 8, seed: 11 })]) {
          if (c.expectedValid !== null) expect(judge(c.value).spec, `${c.family} ${c.path} ${c.detail} in ${JSON.stringify(schema).slice(0, 300)}`).toBe(c.expectedValid);
        }
      }),
      { numRuns: 80, seed: 6 },
    );
  }, 240_000);

  it("reaches every feature when every feature is allowed", () => {
    const seen = new Set<string>();
    for (const schema of fc.sample(schemaOver([...FEATURE_IDS], { root: "any" }), { numRuns: 400, seed: 7 })) featureIdsOf(schema).forEach((f) => seen.add(f));
    // limit:* are thresholds (measured below), not keywords; these three are not generated at all, nor is
    // keyword:other (taxonomy keywords only); type:any shows only where no type:* is enabled, never here;
    // order:properties is how a value comes back, not a keyword detection reports.
    const notGenerated = ["format:other", "unevaluatedProperties", "unevaluatedItems", "keyword:other", "type:any", "order:properties"];
    expect(FEATURE_IDS.filter((f) => !seen.has(f) && !notGenerated.includes(f) && !f.startsWith("limit:"))).toEqual([]);
  });

  it("pushes the measured limits when limit:* features are asked for", () => {
    const measures = (features: string[]) => fc.sample(schemaOver(features), { numRuns: 60, seed: 11 }).map(measureSchema);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    for (const m of measures(["type:string", "limit:property-count"])) expect(m.propertyCount).toBeGreaterThanOrEqual(20);
    expect(Math.max(...measures(["enum", "limit:enum-size"]).map((m) => m.enumValueCount))).toBeGreaterThanOrEqual(120);
    const base = ["type:string", "type:array", "items", "optional"];
    expect(mean(measures([...base, "limit:nesting-depth"]).map((m) => m.nestingDepth))).toBeGreaterThan(mean(measures(base).map((m) => m.nestingDepth)));
  });

  it("builds recursive schemas that still bottom out", () => {
    const recursive = fc.sample(schemaOver(["$ref:recursive", "items", "type:array", "type:string"]), { numRuns: 20, seed: 8 }) as JsonSchema[];
    for (const schema of recursive) {
      expect(featureIdsOf(schema)).toContain("$ref:recursive");
      expectAllValid(fc.sample(validValue(schema), { numRuns: 20, seed: 9 }), createJudge(schema), "recursive");
    }
  });

  it("gives the same schemas for the same seed", () => {
    expectSameSeedSameValues(schemaOver([...FEATURE_IDS]), 10);
  });
});
