import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Dialect } from "../lite/dialect.js";
import { ajvValidator } from "../validators/ajv-validator.js";
import { CorrectedReference } from "./corrected-reference.js";
import { dependentSchemasAsIfThen } from "./reference-corrections.js";
import { divergencesFor, KnownDivergencesError, loadKnownDivergences, type KnownDivergence } from "./known-divergences.js";

let divergences: KnownDivergence[];

beforeAll(async () => {
  divergences = await loadKnownDivergences();
});

const referenceSays = (schema: unknown, instance: unknown, dialect?: string) => {
  const result = ajvValidator.compile(schema as object, dialect === undefined ? {} : { dialect: dialect as Dialect })(instance);
  return typeof result === "boolean" ? result : result.valid;
};

describe("suites/known-divergences.json", () => {
  it("starts with Ajv's float multipleOf and names every entry once", () => {
    expect(divergences[0]!.id).toBe("ajv-float-multipleof");
    expect(new Set(divergences.map((entry) => entry.id)).size).toBe(divergences.length);
  });

  it("each example still shows the reference's behaviour, and the correction fixes it", () => {
    const examples = divergences.flatMap((entry) => entry.examples.map((example) => ({ entry, example })));
    expect(examples.length).toBeGreaterThanOrEqual(6);
    for (const { entry, example } of examples) {
      expect(referenceSays(example.schema, example.instance, example.dialect), `${entry.id} ${JSON.stringify(example.instance)}`).toBe(example.reference);
      const correction = entry.detect.correction!;
      const corrected = new CorrectedReference(example.schema as object, example.dialect as Dialect | undefined).verdict(correction, example.instance);
      // A disputed entry has no "correct" verdict: its correction is the other reading.
      expect(corrected?.valid, entry.id).toBe(example.correct ?? !example.reference);
    }
  });

  it("applies only to the reference it names", () => {
    expect(divergencesFor("ajv", divergences).length).toBe(divergences.length);
    expect(divergencesFor("./my-reference.js", divergences)).toEqual([]);
  });

  it("refuses an entry with a correction the engine does not know, naming the place", async () => {
    const file = join(tmpdir(), `divergences-${process.pid}.json`);
    await writeFile(file, JSON.stringify({ divergences: [{ id: "x", validator: "ajv", feature: "f", verdict: "disputed", description: "d", detect: { correction: "magic" } }] }));
    await expect(loadKnownDivergences(file)).rejects.toThrow(KnownDivergencesError);
    await expect(loadKnownDivergences(file)).rejects.toThrow(/\/divergences\/0: unknown correction 'magic'/);
  });
});

describe("dependentSchemas spelled as if/then", () => {
  it("rewrites at every depth and keeps an existing allOf", () => {
    const schema = { properties: { a: { dependentSchemas: { b: { required: ["c"] } } } }, allOf: [{ minProperties: 1 }], dependentSchemas: { d: false } };
    expect(dependentSchemasAsIfThen(schema)).toEqual({
      properties: { a: { allOf: [{ if: { required: ["b"] }, then: { required: ["c"] } }] } },
      allOf: [{ minProperties: 1 }, { if: { required: ["d"] }, then: false }],
    });
  });
});
