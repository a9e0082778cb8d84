// Law over generated pairs: take a random tool-like schema, apply one random narrowing at a random
// place (an enum value removed, a bound tightened, directly or behind a new $ref, a maxLength lowered,
// a type narrowed, a pattern, format, const or multipleOf added, a property made required, removed
// from a closed object or declared on an open one, additionalProperties closed), and the structural diff with its built witnesses (no random search)
// finds a value the old schema accepts and the new one rejects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolvePointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import { isSchemaObject, listSubschemas } from "../schema/walk-schema.js";
import { constructWitnesses } from "./construct-witness.js";
import { compileReferenceCheck } from "./reference-check.js";
import { diffStructure } from "./structural-diff.js";

type SchemaObject = { [keyword: string]: unknown };

const word = fc.stringMatching(/^[a-z]{2,8}$/);

const leaf: fc.Arbitrary<SchemaObject> = fc.oneof(
  fc.record({ low: fc.integer({ min: -50, max: 50 }), span: fc.integer({ min: 2, max: 500 }) }).map(({ low, span }) => ({ type: "integer", minimum: low, maximum: low + span })),
  fc.record({ low: fc.integer({ min: 0, max: 10 }), span: fc.integer({ min: 2, max: 90 }) }).map(({ low, span }) => ({ type: "number", minimum: low, maximum: low + span })),
  fc.integer({ min: 2, max: 30 }).map((maxLength) => ({ type: "string", maxLength })),
  fc.uniqueArray(word, { minLength: 2, maxLength: 5 }).map((values) => ({ type: "string", enum: values })),
  fc.constant({ type: ["string", "null"] }),
);

function objectOf(child: fc.Arbitrary<SchemaObject>): fc.Arbitrary<SchemaObject> {
  return fc
    .record({
      properties: fc.dictionary(word, child, { minKeys: 1, maxKeys: 4 }),
      requiredMask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      closed: fc.boolean(),
    })
    .map(({ properties, requiredMask, closed }) => ({
      type: "object",
      properties,
      required: Object.keys(properties).filter((_, index) => requiredMask[index]),
      ...(closed ? { additionalProperties: false } : {}),
    }));
}

const level1 = fc.oneof({ weight: 3, arbitrary: leaf }, { weight: 1, arbitrary: objectOf(leaf) }, { weight: 1, arbitrary: leaf.map((items) => ({ type: "array", items })) });
const toolSchema = objectOf(level1);

interface Narrowing {
  readonly name: string;
  readonly applies: (site: SchemaObject) => boolean;
  /** Mutates the site in a copy of the root (which it may also change, to add $defs). */
  readonly apply: (site: SchemaObject, root: SchemaObject) => void;
}

const optionalNames = (site: SchemaObject) => Object.keys(site.properties as object).filter((name) => !(site.required as string[]).includes(name));
const isObject = (site: SchemaObject) => site.type === "object" && isSchemaObject(site.properties);

const NARROWINGS: readonly Narrowing[] = [
  { name: "enum value removed", applies: (s) => Array.isArray(s.enum), apply: (s) => void (s.enum as unknown[]).splice(0, 1) },
  { name: "maximum lowered", applies: (s) => typeof s.maximum === "number", apply: (s) => void (s.maximum = Math.floor(((s.minimum as number) + (s.maximum as number)) / 2)) },
  { name: "minimum raised", applies: (s) => typeof s.minimum === "number", apply: (s) => void (s.minimum = Math.ceil(((s.minimum as number) + (s.maximum as number)) / 2)) },
  { name: "maxLength lowered", applies: (s) => typeof s.maxLength === "number", apply: (s) => void (s.maxLength = Math.floor((s.maxLength as number) / 2) - 1) },
  { name: "type narrowed", applies: (s) => Array.isArray(s.type), apply: (s) => void (s.type = "string") },
  {
    name: "maximum lowered behind a new $ref",
    applies: (s) => typeof s.maximum === "number",
    apply: (s, root) => {
      const moved = { ...s, maximum: Math.floor(((s.minimum as number) + (s.maximum as number)) / 2) };
      for (const key of Object.keys(s)) delete s[key];
      s.$ref = "#/$defs/moved";
      root.$defs = { moved };
    },
  },
  { name: "pattern added", applies: (s) => typeof s.maxLength === "number", apply: (s) => void (s.pattern = "^[0-9]+$") },
  { name: "format added", applies: (s) => typeof s.maxLength === "number", apply: (s) => void (s.format = "date") },
  { name: "const added", applies: (s) => Array.isArray(s.enum), apply: (s) => void (s.const = (s.enum as unknown[])[0]) },
  { name: "multipleOf added", applies: (s) => s.type === "integer", apply: (s) => void (s.multipleOf = 7) },
  { name: "optional property made required", applies: (s) => isObject(s) && optionalNames(s).length > 0, apply: (s) => void (s.required as string[]).push(optionalNames(s)[0]!) },
  {
    name: "property removed from a closed object",
    applies: (s) => isObject(s) && s.additionalProperties === false,
    apply: (s) => {
      const name = Object.keys(s.properties as object)[0]!;
      delete (s.properties as SchemaObject)[name];
      s.required = (s.required as string[]).filter((kept) => kept !== name);
    },
  },
  { name: "additionalProperties closed", applies: (s) => isObject(s) && s.additionalProperties === undefined, apply: (s) => void (s.additionalProperties = false) },
  {
    name: "property declared on an open object",
    applies: (s) => isObject(s) && s.additionalProperties === undefined,
    apply: (s) => void ((s.properties as SchemaObject)["added_by_new"] = { type: "integer" }),
  },
];

const planted = fc
  .record({ schema: toolSchema, narrowing: fc.constantFrom(...NARROWINGS), pick: fc.nat() })
  .map(({ schema, narrowing, pick }) => {
    const sites = listSubschemas(schema).filter(({ schema: sub }) => isSchemaObject(sub) && narrowing.applies(sub));
    if (sites.length === 0) return null;
    const next = structuredClone(schema);
    narrowing.apply(resolvePointer(next, sites[pick % sites.length]!.path) as SchemaObject, next);
    return { name: narrowing.name, old: schema as JsonSchema, next: next as JsonSchema };
  })
  .filter((pair): pair is NonNullable<typeof pair> => pair !== null);

describe("a narrowing planted in a generated schema", () => {
  it("is witnessed by construction, before any random search", () => {
    fc.assert(
      fc.property(planted, ({ old, next }) => {
        const [source, target] = [compileReferenceCheck(old), compileReferenceCheck(next)];
        const { witnesses } = constructWitnesses(diffStructure(old, next), source, target);
        expect(witnesses.length).toBeGreaterThan(0);
        for (const witness of witnesses) {
          expect(source(witness.value).valid).toBe(true);
          expect(target(witness.value).valid).toBe(false);
        }
      }),
      { seed: 16, numRuns: 200 },
    );
  });

  it("covers every narrowing", () => {
    const seen = new Set(fc.sample(planted, { seed: 16, numRuns: 200 }).map((pair) => pair.name));
    expect([...seen].sort()).toEqual(NARROWINGS.map((narrowing) => narrowing.name).sort());
  });
});
