// The four classic harness bugs, planted in Ajv: each is found, attributed to its feature, blamed on
// the candidate, and shrunk to a small example, within seconds.
import { describe, expect, it } from "vitest";
import type { FuzzFinding, FuzzSection } from "../report/model.js";
import { fromRoot } from "../package-root.js";
import { isSchemaObject, resolvePointer, walkSchema, type JsonSchema } from "../schema/index.js";
import type { EngineFinding } from "./group-findings.js";
import { runFuzz } from "./run-fuzz.js";

const FITNESS = fromRoot("suites", "catalogs", "fitness.json");
const supportModule = (name: string) => fromRoot("src", "diff", "test-support", `${name}.ts`);

async function fuzzWith(validator: string, runs = 1200): Promise<FuzzSection> {
  return runFuzz({ validator: supportModule(validator), schemas: [FITNESS], runs, seed: 7, workers: 2, regressions: [] });
}

function findingsOf(section: FuzzSection, family: string): FuzzFinding[] {
  return section.findings.filter((finding) => finding.family === family && finding.direction === "too-lax");
}

function enumValuesIn(schema: unknown): unknown[] {
  const values: unknown[] = [];
  walkSchema(schema as JsonSchema, ({ schema: sub }) => {
    if (isSchemaObject(sub) && Array.isArray(sub.enum)) values.push(...sub.enum);
  });
  return values;
}

/** JSON size of the example instance: a shrunk example is a handful of fields. */
const size = (finding: FuzzFinding) => JSON.stringify(finding.example.instance).length;

describe("deliberately broken validators", () => {
  it("finds number-as-text accepted, and shrinks it", async () => {
    const section = await fuzzWith("number-as-text-validator");
    const found = findingsOf(section, "number-as-text");
    expect(found.length).toBeGreaterThan(0);
    for (const finding of found) {
      expect(finding).toMatchObject({ adjudication: "candidate-wrong", reference: { valid: false }, candidate: { valid: true } });
      expect(finding.feature).toMatch(/^type:(number|integer|union)$/);
      expect(size(finding)).toBeLessThan(120);
    }
  });

  it("finds enum values trimmed or case-folded", async () => {
    const section = await fuzzWith("enum-case-folded-validator");
    // Both defects land on the same class (feature × path × direction): the example is the smaller one.
    const found = [...findingsOf(section, "enum-case"), ...findingsOf(section, "enum-whitespace")];
    expect(found.length).toBeGreaterThan(0);
    for (const finding of found) {
      expect(finding).toMatchObject({ feature: "enum", adjudication: "candidate-wrong" });
      const sent = resolvePointer(finding.example.instance, finding.path.replace(/\*/g, "0")) as string;
      expect(enumValuesIn(finding.example.schema)).not.toContain(sent);
      expect(enumValuesIn(finding.example.schema)).toContain(sent.trim().toLowerCase());
      expect(size(finding)).toBeLessThan(120);
    }
  });

  it("finds null skipped in an optional field", async () => {
    const section = await fuzzWith("null-optional-skipped-validator");
    const found = findingsOf(section, "null-injected");
    expect(found.length).toBeGreaterThan(0);
    for (const finding of found) {
      expect(resolvePointer(finding.example.instance, (finding as EngineFinding).examplePath)).toBeNull();
      expect(finding.adjudication).toBe("candidate-wrong");
      expect(size(finding)).toBeLessThan(120);
    }
  });

  it("finds extra fields ignored", async () => {
    const section = await fuzzWith("extra-fields-ignored-validator");
    const found = findingsOf(section, "extra-property");
    expect(found.length).toBeGreaterThan(0);
    for (const finding of found) {
      expect(finding.feature).toMatch(/^(additionalProperties|unevaluatedProperties)/);
      expect(size(finding)).toBeLessThan(120);
    }
  });
});
