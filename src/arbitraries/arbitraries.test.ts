// The arbitraries against Ajv in each dialect: every valid value is valid, every near miss invalid
// with the keyword it names among Ajv's errors; and they shrink.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isExactMultiple } from "../../generators/_internals/decimal.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import { parsePointer } from "../schema/json-pointer.js";
import { fromRoot } from "../package-root.js";
import type { Dialect } from "../lite/dialect.js";
import type { JsonSchema } from "../schema/types.js";
import { createReferenceAjv, referenceSchemaOf } from "../validators/ajv-validator.js";
import { nearMisses, NoNearMissError, schemas, validValues } from "./index.js";
import { DIALECT_SCHEMAS } from "./test-support/dialect-schemas.js";
import type { ErrorObject } from "ajv";

const ajvs = new Map<Dialect, ReturnType<typeof createReferenceAjv>>();
function ajvFor(schema: JsonSchema, dialect: Dialect): (value: unknown) => readonly ErrorObject[] | null {
  let ajv = ajvs.get(dialect);
  if (!ajv) ajvs.set(dialect, (ajv = createReferenceAjv(undefined, true, dialect)));
  const validate = ajv.compile(referenceSchemaOf(schema as object, dialect));
  return (value) => (validate(value) ? null : (validate.errors ?? []));
}

function at(value: unknown, pointer: string): unknown {
  return parsePointer(pointer).reduce<unknown>((node, token) => (node as Record<string, unknown> | undefined)?.[token], value);
}

/** Ajv's known multipleOf divergence (binary floats: 12.34 / 0.01 is not whole): the spec says valid. */
function onlyFloatMultipleOf(errors: readonly ErrorObject[], value: unknown): boolean {
  return errors.every((error) => error.keyword === "multipleOf" && isExactMultiple(at(value, error.instancePath) as number, (error.params as { multipleOf: number }).multipleOf));
}

const catalogs = await loadCatalogs([fromRoot("suites", "catalogs")]);
// Ajv 8.20 reports `properties` names as unevaluated when a dependentSchemas trigger is absent
// (generators/dependent-schemas-unevaluated.test.ts): that schema's valid values are judged by the spec there.
const AJV_DIVERGES = new Set(["lead-qualification/qualify_lead"]);
const subjects = [
  ...DIALECT_SCHEMAS.map(({ dialect, schema }) => ({ id: `${dialect} sample`, dialect, schema })),
  ...catalogs.map(({ id, dialect, schema }) => ({ id, dialect, schema })),
];

describe.each(subjects)("$id ($dialect)", ({ id, dialect, schema }) => {
  const judge = ajvFor(schema, dialect);

  it.skipIf(AJV_DIVERGES.has(id))("every valid value is valid under Ajv", () => {
    fc.assert(
      fc.property(validValues(schema, { dialect }), (value) => {
        const errors = judge(value);
        return errors === null || onlyFloatMultipleOf(errors, value);
      }),
      { numRuns: 60, seed: 29 },
    );
  });

  it("every near miss is invalid under Ajv, with the keyword it names", () => {
    let arbitrary;
    try {
      arbitrary = nearMisses(schema, { dialect });
    } catch (error) {
      if (error instanceof NoNearMissError) return;
      throw error;
    }
    fc.assert(
      fc.property(arbitrary, (miss) => {
        expect(miss.expectedValid).toBe(false);
        const errors = judge(miss.json === undefined ? miss.value : JSON.parse(miss.json));
        if (miss.family === "multipleof-noise" && errors === null) {
          // Ajv's float division can round the noise away (0.030000000000000002 / 0.01 = 3): the spec's verdict stands.
          expect(isExactMultiple(at(miss.value, miss.site) as number, Number(/not a multiple of (\S+)$/.exec(miss.detail)![1]))).toBe(false);
          return;
        }
        expect(errors, `${miss.family} at ${miss.site}: ${miss.detail}`).not.toBeNull();
        expect(errors!.map((error) => error.keyword), `${miss.family} at ${miss.site}: ${miss.detail}`).toContain(miss.keyword);
      }),
      { numRuns: 60, seed: 29 },
    );
  });
});

describe("shrinking and schemas()", () => {
  it("a failing property shrinks to a small counterexample", () => {
    const schema = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };
    const run = fc.check(fc.property(validValues(schema), (value) => (value as { name: string }).name.length < 3), { seed: 1 });
    expect(run.failed).toBe(true);
    expect((run.counterexample![0] as { name: string }).name).toHaveLength(3);
  });

  it("schemas() draws schemas over the features asked, whose values and near misses hold", () => {
    fc.assert(
      fc.property(schemas(["minimum", "maxLength", "required", "enum"]), (schema) => {
        const judge = ajvFor(schema, "draft2020-12");
        for (const value of fc.sample(validValues(schema), { numRuns: 5, seed: 1 })) expect(judge(value)).toBeNull();
      }),
      { numRuns: 20, seed: 29 },
    );
    expect(() => schemas(["no-such-feature"])).toThrow(/no-such-feature/);
  });
});
