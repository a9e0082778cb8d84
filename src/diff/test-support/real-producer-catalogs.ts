// Catalogs made by the producers users really run — zod's own toJSONSchema (draft-4, draft-7,
// 2020-12 and OpenAPI 3.0 targets), zod-to-json-schema (draft-07 with definitions, OpenAPI 3
// target), TypeBox — and, when ../shared is there, GitHub's OpenAPI 3.0.3 component schemas.
// Nothing here is hand-written to look like them: the schemas are what the packages emit.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type as GeminiType } from "@google/genai";
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { fromRoot } from "../../package-root.js";
import { componentSchemas } from "../../schema/openapi-components.js";
import { TYPEBOX_TOOLS as typeboxTools, ZOD3_TOOLS, ZOD_TOOLS } from "../../bench/real-producer-schemas.js";

export const GITHUB_OPENAPI = fromRoot("..", "shared", "corpora", "github-openapi", "api.github.com.json");

// Written with @google/genai's Type enum, as its docs show: upper-case type names, Gemini's propertyOrdering and format "enum".
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
