// Law: a narrowing planted in a real catalog schema is witnessed, and its counterexample reproduces.
// Each declared schema in suites/catalogs gets, one at a time, an enum value removed, a maximum
// lowered, a maxLength lowered, a type union narrowed, and an optional property made required, at the first place the schema has one.
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { resolvePointer } from "../schema/json-pointer.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import type { DeclaredSchema, JsonSchema } from "../schema/types.js";
import { isSchemaObject, listSubschemas } from "../schema/walk-schema.js";
import { compareVersions } from "./compare-versions.js";
import { constructWitnesses } from "./construct-witness.js";
import { diffStructure } from "./structural-diff.js";
import { compileReferenceCheck } from "./reference-check.js";

type SchemaObject = { [keyword: string]: unknown };
type Mutation = { name: string; applies: (schema: SchemaObject) => boolean; apply: (schema: SchemaObject) => void };

const MUTATIONS: readonly Mutation[] = [
  {
    name: "enum value removed",
    applies: (s) => Array.isArray(s.enum) && s.enum.length >= 2,
    apply: (s) => void (s.enum as unknown[]).pop(),
  },
  {
    name: "maximum lowered",
    applies: (s) => typeof s.maximum === "number" && typeof s.minimum === "number" && (s.maximum as number) - (s.minimum as number) >= 2,
    apply: (s) => void (s.maximum = Math.floor(((s.minimum as number) + (s.maximum as number)) / 2)),
  },
  {
    name: "maxLength lowered",
    applies: (s) => typeof s.maxLength === "number" && (s.maxLength as number) >= 2 + ((s.minLength as number | undefined) ?? 0),
    apply: (s) => void (s.maxLength = Math.floor((s.maxLength as number) / 2)),
  },
  {
    name: "type narrowed",
    applies: (s) => Array.isArray(s.type) && s.type.length >= 2,
    apply: (s) => void (s.type as unknown[]).pop(),
  },
  {
    name: "optional property made required",
    applies: (s) => isSchemaObject(s.properties) && Object.keys(s.properties).some((name) => !((s.required as string[] | undefined) ?? []).includes(name)),
    apply: (s) => {
      const optional = Object.keys(s.properties as object).find((name) => !((s.required as string[] | undefined) ?? []).includes(name))!;
      s.required = [...((s.required as string[] | undefined) ?? []), optional];
    },
  },
];

/** The first subschema outside `$defs` the mutation applies to, mutated in a copy; null when none. */
function mutate(schema: JsonSchema, mutation: Mutation): JsonSchema | null {
  const site = listSubschemas(schema).find(({ schema: sub, path }) => !path.includes("$defs") && isSchemaObject(sub) && mutation.applies(sub));
  if (!site) return null;
  const copy = structuredClone(schema);
  mutation.apply(resolvePointer(copy, site.path) as SchemaObject);
  return copy;
}

const declared = await loadCatalogs([fromRoot("suites", "catalogs")]);
const planted = declared.flatMap((schema) =>
  MUTATIONS.flatMap((mutation) => {
    const mutated = mutate(schema.schema, mutation);
    return mutated === null ? [] : [{ schema, mutation: mutation.name, next: { ...schema, schema: mutated } as DeclaredSchema }];
  }),
);

describe("narrowings planted in suites/catalogs are witnessed", () => {
  it("plants enough of them to mean something", () => {
    expect(planted.length).toBeGreaterThanOrEqual(50);
  });

  for (const { schema, mutation, next } of planted) {
    it(`${schema.id}: ${mutation}`, () => {
      const result = compareVersions(schema, next, "backward", { runs: 100, seed: 11, replay: "replay" });
      expect(result.verdict).toBe("breaking");
      const value = result.counterexample?.value;
      expect(compileReferenceCheck(schema.schema)(value).valid).toBe(true);
      expect(compileReferenceCheck(next.schema)(value).valid).toBe(false);
    });
  }
});

describe("narrowings planted in suites/catalogs are witnessed without random search", () => {
  for (const { schema, mutation, next } of planted) {
    it(`${schema.id}: ${mutation}`, () => {
      const [source, target] = [compileReferenceCheck(schema.schema), compileReferenceCheck(next.schema)];
      const { witnesses } = constructWitnesses(diffStructure(schema.schema, next.schema), source, target);
      expect(witnesses.length).toBeGreaterThan(0);
      for (const witness of witnesses) {
        expect(source(witness.value).valid).toBe(true);
        expect(target(witness.value).valid).toBe(false);
      }
    });
  }
});
