// Tool schemas made by the producers users really run: zod's own toJSONSchema (draft-4, draft-7,
// 2020-12 and OpenAPI 3.0 targets), zod-to-json-schema (draft-07 with definitions, OpenAPI 3
// target) and TypeBox. Nothing here is hand-written to look like their output: the schemas are what
// the packages emit. The packages are dev dependencies, so this module is imported on demand.
import Type from "typebox";
import { z } from "zod";
import * as z3 from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import type { Dialect } from "../lite/dialect.js";

const forecast = z.object({
  city: z.string().min(1),
  days: z.number().int().min(1).max(14).optional(),
  unit: z.enum(["celsius", "fahrenheit"]).nullable(),
  hours: z.array(z.number().int().min(0).max(23)).max(24),
});
const order = z.object({
  items: z.array(z.object({ sku: z.string().regex(/^[A-Z]{3}-\d{4}$/), quantity: z.number().int().positive(), price: z.number().multipleOf(0.01) })).min(1),
  email: z.email(),
  note: z.string().max(200).optional(),
  delivery: z.union([z.object({ kind: z.literal("pickup"), store: z.string() }), z.object({ kind: z.literal("ship"), address: z.string(), date: z.iso.date() })]),
});

/** The zod (v4) schemas with the name each is declared under. */
export const ZOD_TOOLS = { get_forecast: forecast, place_order: order } as const;

export const ZOD3_TOOLS = {
  book_room: z3.z.object({ room: z3.z.string(), from: z3.z.string().datetime(), nights: z3.z.number().int().gt(0).lte(30), guests: z3.z.array(z3.z.string().email()).nonempty() }),
  rate_item: z3.z.object({ id: z3.z.string().uuid(), stars: z3.z.number().min(1).max(5), tags: z3.z.record(z3.z.string(), z3.z.boolean()).optional() }),
};

export const TYPEBOX_TOOLS = {
  create_contact: Type.Object({ name: Type.String({ minLength: 1 }), email: Type.String({ format: "email" }), age: Type.Optional(Type.Integer({ exclusiveMinimum: 0, maximum: 150 })), tier: Type.Union([Type.Literal("free"), Type.Literal("pro"), Type.Null()]) }),
  tag_issue: Type.Object({ issue: Type.Integer({ minimum: 1 }), labels: Type.Array(Type.String({ maxLength: 50 }), { uniqueItems: true, maxItems: 5 }) }, { additionalProperties: false }),
};

export interface ProducedSchema {
  /** `<producer>/<tool>`, as a catalog would name it. */
  readonly id: string;
  readonly schema: { [keyword: string]: unknown };
  readonly dialect: Dialect;
}

/** Every producer's output for every tool, each as plain JSON (what a catalog file would hold). */
export function realProducerSchemas(): ProducedSchema[] {
  const out: ProducedSchema[] = [];
  const json = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as { [keyword: string]: unknown };
  const zodTargets = { "draft-4": "draft4", "draft-7": "draft7", "draft-2020-12": "draft2020-12", "openapi-3.0": "openapi-3.0" } as const;
  for (const [target, dialect] of Object.entries(zodTargets)) {
    for (const [name, schema] of Object.entries(ZOD_TOOLS)) out.push({ id: `zod-${dialect}/${name}`, schema: json(z.toJSONSchema(schema, { target: target as "draft-7" })), dialect });
  }
  for (const [name, schema] of Object.entries(ZOD3_TOOLS)) {
    out.push({ id: `z2js/${name}`, schema: json(zodToJsonSchema(schema, name)), dialect: "draft7" });
    out.push({ id: `z2js-openapi/${name}`, schema: json(zodToJsonSchema(schema, { target: "openApi3" })), dialect: "openapi-3.0" });
  }
  for (const [name, schema] of Object.entries(TYPEBOX_TOOLS)) out.push({ id: `typebox/${name}`, schema: json(schema), dialect: "draft2020-12" });
  return out;
}
