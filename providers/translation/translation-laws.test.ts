// Laws every translation keeps: it never mutates its input, it is deterministic, and where it says it
// lost nothing, values cross it both ways (OpenAI's optional rewrite through fill/restore).
import Ajv2020Module from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import type { DeclaredSchema, JsonSchema } from "../../src/schema/types.js";
import { fromRoot } from "../../src/package-root.js";
import { optionalPropertyNames } from "../../src/schema/measure-schema.js";
import { loadProfiles, resolveTarget } from "../profiles/load-profiles.js";
import { fillOptionalValues, dropNullsForOptionalFields } from "../openai/restore-optional-values.js";
import { deepFreeze, keywordSoupSchema, simpleObjectSchema, valueFor, type Schema } from "../test-support/schema-arbitraries.js";
import { admitsNull, objectNodeVisits } from "./schema-node-kinds.js";
import { translateForMode } from "./translators.js";

const Ajv2020 = Ajv2020Module.default;
const ajv = new Ajv2020({ strict: false, allErrors: false });
const isValid = (schema: unknown, value: unknown): boolean => ajv.validate(schema as object, value) as boolean;

function hasOptionalNullable(schema: Schema): boolean {
  return objectNodeVisits(schema).some(({ schema: node }) =>
    optionalPropertyNames(node).some((name) => admitsNull((node.properties as Record<string, unknown>)[name])),
  );
}

const modes = loadProfiles().flatMap((profile) => profile.modes.map((mode) => ({ target: `${profile.provider}:${mode.mode}`, mode })));
const declare = (schema: JsonSchema): DeclaredSchema => ({
  id: "law/schema", name: "law_schema", version: null, source: { file: "law.json", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12",
});

describe("every translation, on any schema", () => {
  it.each(modes)("$target never mutates its input and is deterministic", ({ mode }) => {
    fc.assert(
      fc.property(keywordSoupSchema, fc.constantFrom("strip" as const, "reject" as const), (schema, unsupported) => {
        const before = JSON.stringify(schema);
        const declared = deepFreeze(declare(structuredClone(schema)));
        const first = translateForMode(declared, mode, { unsupported });
        const second = translateForMode(declared, mode, { unsupported });
        expect(JSON.stringify(declared.schema)).toBe(before);
        expect(JSON.stringify(second)).toBe(JSON.stringify(first));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps every catalog schema untouched on every target", async () => {
    const schemas = await loadCatalogs([fromRoot("suites", "catalogs")]);
    for (const declared of schemas.map(deepFreeze)) {
      const before = JSON.stringify(declared);
      for (const { mode } of modes) translateForMode(declared, mode, { unsupported: "strip" });
      expect(JSON.stringify(declared)).toBe(before);
    }
  });

  it("changes nothing when unsupported is reject (it only reports)", () => {
    fc.assert(
      fc.property(keywordSoupSchema, (schema) => {
        for (const { mode } of modes) {
          const translation = translateForMode(declare(schema), mode, { unsupported: "reject" });
          expect(translation.changes).toEqual([]);
          expect(translation.native).toEqual(schema);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("OpenAI strict: optional → required + nullable is lossless", () => {
  const strictModes = ["openai:chat.response_format.strict", "openai:chat.tools.strict", "openai:responses.tools.strict"].map((target) => resolveTarget(target).mode);
  const translated = (schema: Schema, modeIndex: number) => translateForMode(declare(schema), strictModes[modeIndex % strictModes.length]!);

  it("translates the closed-world subset without a rejection or a lossy change", () => {
    fc.assert(
      fc.property(simpleObjectSchema, fc.nat(), (schema, modeIndex) => {
        const translation = translated(schema, modeIndex);
        expect(translation.rejected).toEqual([]);
        expect(translation.changes.filter((change) => change.lossy)).toEqual([]);
      }),
    );
  });

  it("carries every declared-valid value to a native-valid one and back", () => {
    const withValue = simpleObjectSchema.chain((schema) => fc.tuple(fc.constant(schema), valueFor(schema), fc.nat()));
    fc.assert(
      fc.property(withValue, ([schema, value, modeIndex]) => {
        const native = translated(schema, modeIndex).native;
        expect(isValid(schema, value)).toBe(true);
        const filled = fillOptionalValues(value, schema);
        expect(isValid(native, filled)).toBe(true);
        const restored = dropNullsForOptionalFields(filled, schema);
        expect(isValid(schema, restored)).toBe(true);
        // Exact only when no optional property already admits null: there absent and null both arrive as null.
        if (!hasOptionalNullable(schema)) expect(restored).toEqual(value);
      }),
    );
  });

  it("restores every native-valid value to a declared-valid one", () => {
    const withNativeValue = fc.tuple(simpleObjectSchema, fc.nat()).chain(([schema, modeIndex]) => {
      const native = translated(schema, modeIndex).native;
      return fc.tuple(fc.constant(schema), fc.constant(native), valueFor(native));
    });
    fc.assert(
      fc.property(withNativeValue, ([schema, native, value]) => {
        expect(isValid(native, value)).toBe(true);
        expect(isValid(schema, dropNullsForOptionalFields(value, schema))).toBe(true);
      }),
    );
  });
});

describe("Anthropic strict: closing objects loses no declared value", () => {
  const mode = resolveTarget("anthropic:messages.tools.strict").mode;

  it("accepts every declared-valid value natively, and every native-valid value is declared-valid", () => {
    const cases = simpleObjectSchema.chain((schema) => {
      const native = translateForMode(declare(schema), mode).native;
      return fc.tuple(fc.constant(schema), fc.constant(native), valueFor(schema), valueFor(native));
    });
    fc.assert(
      fc.property(cases, ([schema, native, declaredValue, nativeValue]) => {
        expect(isValid(native, declaredValue)).toBe(true);
        expect(isValid(schema, nativeValue)).toBe(true);
      }),
    );
  });
});

describe("JSON-Schema modes that refuse nothing", () => {
  it.each(["google:generate.responseJsonSchema", "openai-compatible/llamacpp:chat.response_format", "openai:chat.tools"])("%s sends the closed-world subset unchanged", (target) => {
    const mode = resolveTarget(target).mode;
    fc.assert(
      fc.property(simpleObjectSchema, (schema) => {
        const translation = translateForMode(declare(schema), mode);
        expect(translation.native).toEqual(schema);
        expect(translation.changes).toEqual([]);
      }),
    );
  });
});
