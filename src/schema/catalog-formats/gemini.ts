// Google Gemini: tools `[{functionDeclarations:[{name, description, parameters | parametersJsonSchema,
// response | responseJsonSchema}]}]`, and structured outputs in `generationConfig`
// (`responseSchema` | `responseJsonSchema`). `parameters`/`responseSchema` are Gemini's OpenAPI
// dialect; they are kept exactly as declared (translation is the adapter's job, not the loader's).
import { CatalogError } from "../catalog-error.js";
import { appendPointer } from "../json-pointer.js";
import {
  noParametersSchema,
  readDescription,
  readName,
  readOneOfSchemas,
  requireObject,
  type JsonObject,
  type ParsedDeclaration,
} from "./tool-fields.js";

// `parameters`, `response` and `responseSchema` take Gemini's OpenAPI 3.0 Schema; the `*JsonSchema` fields take JSON Schema.
const OPENAPI_FIELDS = new Set(["parameters", "response", "responseSchema"]);

function dialectOfField(field: string | undefined): { dialect?: "openapi-3.0" } {
  return field !== undefined && OPENAPI_FIELDS.has(field) ? { dialect: "openapi-3.0" } : {};
}

/** Gemini's built-in tools: no function declarations, so nothing to declare. */
const GEMINI_BUILT_IN_TOOLS = ["googleSearch", "googleSearchRetrieval", "codeExecution", "urlContext", "fileSearch", "googleMaps", "computerUse"];

export function isGeminiTool(tool: JsonObject): boolean {
  return "functionDeclarations" in tool;
}

export function isGeminiBuiltInTool(tool: JsonObject): boolean {
  return GEMINI_BUILT_IN_TOOLS.some((key) => key in tool);
}

/** A bare FunctionDeclaration (a list of them, without the `{functionDeclarations}` tool around it). */
export function isGeminiFunctionDeclaration(tool: JsonObject): boolean {
  return "parametersJsonSchema" in tool || ("parameters" in tool && !("type" in tool));
}

export function parseGeminiTool(tool: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const listPlace = appendPointer(place, "functionDeclarations");
  const declarations = tool.functionDeclarations;
  if (!Array.isArray(declarations)) throw new CatalogError(file, listPlace, "functionDeclarations must be an array");
  return declarations.flatMap((declaration: unknown, index) => {
    const declarationPlace = appendPointer(listPlace, index);
    return parseGeminiFunctionDeclaration(requireObject(declaration, file, declarationPlace, "a function declaration"), file, declarationPlace);
  });
}

export function parseGeminiFunctionDeclaration(declaration: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const name = readName(declaration, file, place);
  const description = readDescription(declaration, file, place);
  const parameters = readOneOfSchemas(declaration, ["parameters", "parametersJsonSchema"], file, place);
  const input: ParsedDeclaration = {
    name,
    localId: name,
    ...description,
    schema: parameters?.schema ?? noParametersSchema(),
    pointer: appendPointer(place, parameters?.field ?? "parametersJsonSchema"),
    role: "tool-input",
    format: "gemini",
    ...dialectOfField(parameters?.field),
  };
  const response = readOneOfSchemas(declaration, ["response", "responseJsonSchema"], file, place);
  if (response === null) return [input];
  const output: ParsedDeclaration = {
    name,
    localId: `${name}#output`,
    ...description,
    schema: response.schema,
    pointer: appendPointer(place, response.field),
    role: "structured-output",
    format: "gemini",
    ...dialectOfField(response.field),
  };
  return [input, output];
}

/** True when the object carries a Gemini response schema (a generationConfig, or a request's). */
export function hasGeminiResponseSchema(config: JsonObject): boolean {
  return "responseSchema" in config || "responseJsonSchema" in config;
}

/** `responseSchema` / `responseJsonSchema` as a structured-output declaration named `response`. */
export function parseGeminiResponseSchema(config: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const found = readOneOfSchemas(config, ["responseSchema", "responseJsonSchema"], file, place);
  if (found === null) return [];
  return [
    {
      name: "response",
      localId: "response",
      schema: found.schema,
      pointer: appendPointer(place, found.field),
      role: "structured-output",
      format: "gemini",
      ...dialectOfField(found.field),
    },
  ];
}
