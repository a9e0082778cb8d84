// Catalogs made by the producers users really run — zod's own toJSONSchema (draft-4, draft-7,
// 2020-12 and OpenAPI 3.0 targets), zod-to-json-schema (draft-07 with definitions, OpenAPI 3
// target), TypeBox — and, when ../shared is there, GitHub's OpenAPI 3.0.3 component schemas.
// Nothing here is hand-written to look like them: the schemas are what the packages emit.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type as GeminiType } from "@google/genai";
import Type from "typebox";
import { z } from "zod";
import * as z3 from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import { fromRoot } from "../../package-root.js";
import { componentSchemas } from "../../schema/openapi-components.js";

export const GITHUB_OPENAPI = fromRoot("..", "shared", "corpora", "github-openapi", "api.github.com.json");

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

/** The zod schemas with the name each is declared under. */
const ZOD_TOOLS = { get_forecast: forecast, place_order: order } as const;

const ZOD3_TOOLS = {
  book_room: z3.z.object({ room: z3.z.string(), from: z3.z.string().datetime(), nights: z3.z.number().int().gt(0).lte(30), guests: z3.z.array(z3.z.string().email()).nonempty() }),
  rate_item: z3.z.object({ id: z3.z.string().uuid(), stars: z3.z.number().min(1).max(5), tags: z3.z.record(z3.z.string(), z3.z.boolean()).optional() }),
};

const typeboxTools = {
  create_contact: Type.Object({ name: Type.String({ minLength: 1 }), email: Type.String({ format: "email" }), age: Type.Optional(Type.Integer({ exclusiveMinimum: 0, maximum: 150 })), tier: Type.Union([Type.Literal("free"), Type.Literal("pro"), Type.Null()]) }),
  tag_issue: Type.Object({ issue: Type.Integer({ minimum: 1 }), labels: Type.Array(Type.String({ maxLength: 50 }), { uniqueItems: true, maxItems: 5 }) }, { additionalProperties: false }),
};

const GEMINI_TYPE_TOOLS = [
  {
    name: "find_route",
    parameters: {
      type: GeminiType.OBJECT,
      properties: {
        from: { type: GeminiType.STRING, description: "start" },
        stops: { type: GeminiType.ARRAY, items: { type: GeminiType.STRING }, maxItems: 3 },
        max_km: { type: GeminiType.INTEGER, nullable: true, minimum: 1 },
        mode: { type: GeminiType.STRING, format: "enum", enum: ["car", "bike"] },
      },
      required: ["from"],
      propertyOrdering: ["from", "stops", "max_km", "mode"],
    },
  },
];

function openAiTools(schemas: Readonly<Record<string, unknown>>): unknown[] {
  return Object.entries(schemas).map(([name, parameters]) => ({ type: "function", function: { name, parameters } }));
}

export interface RealCatalogs {
  readonly dir: string;
  /** Expected dialect by schema id. */
  readonly dialects: Readonly<Record<string, string>>;
  readonly githubComponents: number;
}

/** Writes the catalogs into a fresh temp folder; `githubSample` components of GitHub's description (every k-th), 0 for none. */
export async function writeRealProducerCatalogs(githubSample = 40): Promise<RealCatalogs> {
  const dir = await mkdtemp(join(tmpdir(), "schemalab-real-"));
  await mkdir(dir, { recursive: true });
  const dialects: Record<string, string> = {};
  const zodTargets = { "draft-4": "draft4", "draft-7": "draft7", "draft-2020-12": "draft2020-12" } as const;
  for (const [target, dialect] of Object.entries(zodTargets)) {
    const catalog = `zod-${dialect}`;
    const schemas = Object.fromEntries(Object.entries(ZOD_TOOLS).map(([name, schema]) => [name, z.toJSONSchema(schema, { target: target as "draft-7" })]));
    await writeFile(join(dir, `${catalog}.json`), JSON.stringify({ catalog, tools: openAiTools(schemas) }));
    for (const name of Object.keys(schemas)) dialects[`${catalog}/${name}`] = dialect;
  }
  const mcpTools = Object.entries(ZOD3_TOOLS).map(([name, schema]) => ({ name, inputSchema: zodToJsonSchema(schema, name) }));
  await writeFile(join(dir, "zod-to-json-schema.json"), JSON.stringify({ catalog: "z2js", tools: { tools: mcpTools } }));
  for (const name of Object.keys(ZOD3_TOOLS)) dialects[`z2js/${name}`] = "draft7";
  const anthropicTools = Object.entries(typeboxTools).map(([name, schema]) => ({ name, input_schema: schema }));
  await writeFile(join(dir, "typebox.json"), JSON.stringify({ catalog: "typebox", tools: anthropicTools }));
  for (const name of Object.keys(typeboxTools)) dialects[`typebox/${name}`] = "draft2020-12";
  const gemini = [
    ...Object.entries(ZOD_TOOLS).map(([name, schema]) => ({ name, parameters: z.toJSONSchema(schema, { target: "openapi-3.0" }) })),
    ...Object.entries(ZOD3_TOOLS).map(([name, schema]) => ({ name: `${name}_v3`, parameters: zodToJsonSchema(schema, { target: "openApi3" }) })),
    // Written with @google/genai's Type enum, as its docs show: upper-case type names, and Gemini's propertyOrdering.
    ...GEMINI_TYPE_TOOLS,
  ];
  await writeFile(join(dir, "gemini-openapi.json"), JSON.stringify({ catalog: "gemini", tools: [{ functionDeclarations: gemini }] }));
  for (const { name } of gemini) dialects[`gemini/${name}`] = "openapi-3.0";
  const githubComponents = githubSample > 0 && existsSync(GITHUB_OPENAPI) ? await writeGithubCatalog(dir, githubSample, dialects) : 0;
  return { dir, dialects, githubComponents };
}

async function writeGithubCatalog(dir: string, sample: number, dialects: Record<string, string>): Promise<number> {
  const components = componentSchemas(JSON.parse(readFileSync(GITHUB_OPENAPI, "utf8")));
  const step = Math.max(1, Math.floor(components.length / sample));
  const picked = components.filter((_, index) => index % step === 0).slice(0, sample);
  // OpenAI tools want an object at the root: the GitHub components that are objects, as tools.
  const tools = picked.map(({ name, schema }) => ({ type: "function", function: { name: name.replace(/[^A-Za-z0-9_-]/g, "_"), parameters: schema } }));
  await writeFile(join(dir, "github.json"), JSON.stringify({ catalog: "github", dialect: "openapi-3.0", tools }));
  for (const tool of tools) dialects[`github/${tool.function.name}`] = "openapi-3.0";
  return tools.length;
}
