// A module of tools and schemas as teams write them, one per producer the lab converts: zod 4,
// zod 3 (the zod3 alias of zod@3.25.76), TypeBox, Valibot, ArkType, the AI SDK's tool() and
// jsonSchema(), a Standard Schema that has no JSON Schema, and a broken producer: a zod 4 schema
// handed to zod-to-json-schema 3, as old MCP servers did (it comes out with no properties at all).
import { jsonSchema, tool } from "ai";
import { type } from "arktype";
import Type from "typebox";
import * as v from "valibot";
import { z } from "zod";
import { z as z3 } from "zod3";
import { zodToJsonSchema } from "zod-to-json-schema";

export const get_forecast = z.object({ city: z.string().min(1), days: z.number().int().min(1).max(14).optional(), unit: z.enum(["celsius", "fahrenheit"]).nullable() });

export const book_room = z3.object({ room: z3.string(), nights: z3.number().int().gt(0).lte(30), guests: z3.array(z3.string().email()).nonempty() });

export const create_contact = Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Optional(Type.Integer({ exclusiveMinimum: 0, maximum: 150 })) });

export const tag_issue = v.object({ issue: v.pipe(v.number(), v.integer(), v.minValue(1)), labels: v.pipe(v.array(v.string()), v.maxLength(5)) });

export const rate_item = type({ id: "string", stars: "1 <= number <= 5", "note?": "string" });

export const tools = {
  search_docs: tool({ description: "Search the docs", inputSchema: z.object({ query: z.string(), limit: z.number().int().positive().default(10) }), execute: async () => [] }),
  lookup_order: tool({ description: "Look an order up", inputSchema: jsonSchema<{ id: string }>({ type: "object", properties: { id: { type: "string", pattern: "^o_[0-9]+$" } }, required: ["id"] }) }),
};

export const broken_listing = { name: "broken_listing", description: "what server-filesystem 2025.7.1 published", inputSchema: zodToJsonSchema(z.object({ path: z.string() }) as never) };

export const custom_standard = { "~standard": { version: 1, vendor: "custom", validate: (value: unknown) => ({ value }) } };

export const VERSION = "1.0.0";
