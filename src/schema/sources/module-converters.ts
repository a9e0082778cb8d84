// Code-first schemas to the JSON their own SDK sends. Each converter is loaded from the user's
// project (resolved from the module's own location), never bundled with the lab: the JSON depends on
// the versions the user has installed, and a mismatch (zod 4 schemas under zod-to-json-schema 3)
// must show up here as it would on the wire.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export interface Converted {
  readonly json: unknown;
  /** Which converter made the JSON, with its version: "zod@4.6.7 toJSONSchema". */
  readonly converter: string;
}

/** A value no converter takes (a function, a Standard Schema with no JSON Schema): why. */
export class NotConvertible extends Error {
  override readonly name = "NotConvertible";
}

type Loose = Record<string | symbol, unknown>;
// ArkType's types are functions carrying `~standard`: callable schemas count as objects here.
const isObject = (value: unknown): value is Loose => (typeof value === "object" || typeof value === "function") && value !== null && !Array.isArray(value);
const AI_SCHEMA = Symbol.for("vercel.ai.schema");

/** Loads packages as the module at `file` would import them. */
export class ProjectPackages {
  private readonly require: NodeJS.Require;
  constructor(readonly file: string) {
    this.require = createRequire(file);
  }

  /** The package's entry (its ESM build where it has one), or undefined when the project lacks it. */
  async load(specifier: string): Promise<Loose | undefined> {
    let resolved: string;
    try {
      resolved = this.require.resolve(specifier);
    } catch {
      return undefined;
    }
    return (await import(pathToFileURL(resolved).href)) as Loose;
  }

  version(name: string): string {
    try {
      const main = this.require.resolve(name);
      for (let dir = dirname(main); dir !== dirname(dir); dir = dirname(dir)) {
        try {
          const manifest = this.require(join(dir, "package.json")) as { name?: string; version?: string };
          if (manifest.name === name) return `${name}@${manifest.version}`;
        } catch {
          continue;
        }
      }
    } catch {
      // fall through
    }
    return name;
  }
}

const missing = (name: string, file: string, why: string) => new NotConvertible(`${name} is not installed where ${file} would import it (${why})`);

/** The AI SDK's asSchema: what `generateText({ tools })` sends for a tool()'s inputSchema / outputSchema. */
export async function viaAiSdk(value: unknown, packages: ProjectPackages): Promise<Converted> {
  for (const name of ["ai", "@ai-sdk/provider-utils"]) {
    const sdk = await packages.load(name);
    if (typeof sdk?.asSchema !== "function") continue;
    const schema = (sdk.asSchema as (value: unknown) => { jsonSchema: unknown })(value);
    return { json: await schema.jsonSchema, converter: `${packages.version(name)} asSchema` };
  }
  throw missing("ai (or @ai-sdk/provider-utils)", packages.file, "the AI SDK converts a tool()'s schemas with asSchema");
}

/** A bare schema, converted the way its producer's SDK does before sending. */
export async function viaOwnProducer(value: unknown, packages: ProjectPackages): Promise<Converted> {
  if (!isObject(value)) throw new NotConvertible(`a ${value === null ? "null" : typeof value}, not a schema`);
  if (AI_SCHEMA in value) return { json: await value.jsonSchema, converter: "AI SDK jsonSchema() (its JSON as given)" };
  const standard = isObject(value["~standard"]) ? value["~standard"] : undefined;
  if ("_zod" in value) return zod4(value, packages);
  const jsonSchema = isObject(standard?.jsonSchema) ? standard.jsonSchema : undefined;
  if (typeof jsonSchema?.input === "function") {
    const json = (jsonSchema.input as (options: object) => unknown)({ target: "draft-2020-12" });
    return { json, converter: `${String(standard!.vendor)} ~standard.jsonSchema.input (Standard JSON Schema, target draft-2020-12)` };
  }
  if (standard?.vendor === "zod" && "_def" in value) return zod3(value, packages);
  if (standard?.vendor === "valibot") return valibot(value, packages);
  if (standard !== undefined) throw new NotConvertible(`a Standard Schema of vendor "${String(standard.vendor)}" with no JSON Schema (no ~standard.jsonSchema): no SDK can send it as JSON Schema`);
  if (typeof value === "function") throw new NotConvertible("a function, not a schema");
  if (typeof value.toJSONSchema === "function" || typeof value.toJsonSchema === "function") {
    throw new NotConvertible("an object with its own toJSONSchema method but no Standard JSON Schema: which options its SDK passes is unknown");
  }
  // TypeBox values and hand-written schemas are JSON Schema already: what JSON.stringify sends.
  return { json: JSON.parse(JSON.stringify(value)) as unknown, converter: "none: already JSON Schema (TypeBox, plain object), as JSON.stringify sends it" };
}

async function zod4(value: Loose, packages: ProjectPackages): Promise<Converted> {
  for (const specifier of ["zod", "zod/v4/core"]) {
    const zod = await packages.load(specifier);
    const toJSONSchema = zod?.toJSONSchema ?? (zod?.z as Loose | undefined)?.toJSONSchema;
    if (typeof toJSONSchema === "function") return { json: (toJSONSchema as (schema: unknown) => unknown)(value), converter: `${packages.version("zod")} toJSONSchema (defaults: draft-2020-12, output types)` };
  }
  throw missing("zod 4", packages.file, "zod 4 schemas are converted with zod's own toJSONSchema");
}

// The options the MCP TypeScript SDK passes for zod 3 (server/zod-json-schema-compat.js).
const MCP_ZOD3_OPTIONS = { strictUnions: true, pipeStrategy: "input" };

async function zod3(value: Loose, packages: ProjectPackages): Promise<Converted> {
  const converter = await packages.load("zod-to-json-schema");
  const convert = converter?.zodToJsonSchema ?? converter?.default;
  if (typeof convert !== "function") throw missing("zod-to-json-schema", packages.file, "the MCP SDKs convert zod 3 schemas with it");
  return { json: (convert as (schema: unknown, options: object) => unknown)(value, MCP_ZOD3_OPTIONS), converter: `${packages.version("zod-to-json-schema")} (strictUnions, pipeStrategy input: as the MCP SDK calls it)` };
}

async function valibot(value: Loose, packages: ProjectPackages): Promise<Converted> {
  const converter = await packages.load("@valibot/to-json-schema");
  if (typeof converter?.toJsonSchema !== "function") throw missing("@valibot/to-json-schema", packages.file, "Valibot schemas become JSON Schema through it");
  return { json: (converter.toJsonSchema as (schema: unknown) => unknown)(value), converter: `${packages.version("@valibot/to-json-schema")} toJsonSchema` };
}

/** Whether the value is a schema of some producer (rather than a tool, a map of tools or something else). */
export function looksLikeSchema(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (AI_SCHEMA in value || "_zod" in value || "~standard" in value) return true;
  return ["type", "properties", "$schema", "anyOf", "oneOf", "allOf", "$ref", "enum", "const", "items"].some((keyword) => keyword in value);
}

/** An AI SDK tool() or an MCP-style tool object: its schemas under inputSchema (or `parameters`, AI SDK 4). */
export function looksLikeTool(value: unknown): value is Loose {
  return isObject(value) && !("_zod" in value) && !("~standard" in value) && ("inputSchema" in value || ("parameters" in value && !("type" in value && value.type === "object")));
}
