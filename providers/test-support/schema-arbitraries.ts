// Small fast-check arbitraries for translation properties: closed-world object schemas (every keyword
// one that all strict modes take losslessly) with values valid under them, and a keyword soup for the
// laws that must hold on any input (no mutation, determinism).
import fc from "fast-check";

export type Schema = Record<string, unknown>;

const names = fc.constantFrom("a", "b", "city", "unit", "note", "tags", "x_y", "n");

const leafSchema: fc.Arbitrary<Schema> = fc.oneof(
  fc.constant({ type: "string" }),
  fc.constant({ type: "integer" }),
  fc.constant({ type: "boolean" }),
  fc.constant({ type: "number" }),
  fc.constant({ type: ["string", "null"] }),
  fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((values) => ({ type: "string", enum: values })),
  fc.constant({ type: "string", description: "free text" }),
);

/** Object schemas of up to three levels: properties, a random required subset, maybe closed. */
export const simpleObjectSchema: fc.Arbitrary<Schema> = fc.letrec<{ object: Schema; value: Schema }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leafSchema, tie("object"), tie("value").map((items) => ({ type: "array", items }))),
  object: fc
    .dictionary(names, tie("value"), { maxKeys: 4 })
    .chain((properties) =>
      fc.record({
        required: fc.subarray(Object.keys(properties)),
        closed: fc.boolean(),
      }).map(({ required, closed }) => ({ type: "object", properties, required, ...(closed ? { additionalProperties: false } : {}) })),
    ),
})).object;

const JSON_DOUBLE = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });

/** Values valid under a schema built by simpleObjectSchema (declared properties only). */
export function valueFor(schema: unknown): fc.Arbitrary<unknown> {
  const node = schema as Schema;
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  if (Array.isArray(node.type)) return fc.oneof(...(node.type as string[]).map((type) => valueFor({ ...node, type })));
  switch (node.type) {
    case "string":
      return fc.string({ maxLength: 6 });
    case "integer":
      return fc.integer({ min: -1000, max: 1000 });
    case "number":
      return JSON_DOUBLE.map((value) => (Object.is(value, -0) ? 0 : value));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valueFor(node.items), { maxLength: 3 });
    case "object": {
      const properties = node.properties as Record<string, unknown>;
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property)]));
      return fc.record(model, { requiredKeys: node.required as string[] });
    }
    default:
      return fc.constant(null);
  }
}

/** Schemas mixing keywords every provider treats differently, for laws that hold on any input. */
export const keywordSoupSchema: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom("string", "integer", "number", "object", "array", ["string", "null"], ["integer", "string"]),
        minimum: fc.integer({ min: 0, max: 5 }),
        maxLength: fc.nat(9),
        pattern: fc.constant("^[a-z]+$"),
        format: fc.constantFrom("date", "email", "uri", "zip-code"),
        enum: fc.constantFrom(["a", "b"], [1, 2], ["a", 1], [{ k: 1 }]),
        const: fc.constantFrom("x", 3, null),
        default: fc.constant("d"),
        title: fc.constant("T"),
        minItems: fc.nat(3),
        uniqueItems: fc.boolean(),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(names, tie("node"), { maxKeys: 3 }),
        required: fc.subarray(["a", "b", "city"]),
        additionalProperties: fc.oneof(fc.boolean(), tie("node")),
        minProperties: fc.nat(2),
      },
      { requiredKeys: ["type", "properties"] },
    ),
    fc.record({ oneOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie("node"), { minLength: 1, maxLength: 2 }), not: tie("node") }),
    fc.constantFrom<Schema>({ $ref: "#" }, { $ref: "#/$defs/shared", description: "see shared" }, { type: "array" }, {}),
  ),
})).node.map((node) => ({ ...node, $defs: { shared: { type: "object", properties: { s: { type: "string", maxLength: 3 } } } } }));

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}
