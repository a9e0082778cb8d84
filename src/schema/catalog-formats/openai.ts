// OpenAI: Chat Completions tools (`{type:"function", function:{name, description, parameters, strict}}`),
// Responses tools (`{type:"function", name, parameters, strict}`), and structured outputs: Chat
// `response_format` (`{type:"json_schema", json_schema:{name, schema, strict}}`) and Responses
// `text.format` (`{type:"json_schema", name, schema, strict}`).
import { appendPointer } from "../json-pointer.js";
import {
  isJsonObject,
  noParametersSchema,
  readDescription,
  readName,
  readSchema,
  readStrict,
  requireObject,
  type JsonObject,
  type ParsedDeclaration,
} from "./tool-fields.js";

export function isOpenAITool(tool: JsonObject): boolean {
  return tool.type === "function" || "function" in tool;
}

export function parseOpenAITool(tool: JsonObject, file: string, place: string): ParsedDeclaration[] {
  // Chat nests the function (externally tagged); Responses puts its fields beside `type` (internally tagged).
  const nested = "function" in tool;
  const fnPlace = nested ? appendPointer(place, "function") : place;
  const fn = nested ? requireObject(tool.function, file, fnPlace, "function") : tool;
  const name = readName(fn, file, fnPlace);
  const hasParameters = fn.parameters !== undefined;
  return [
    {
      name,
      localId: name,
      ...readDescription(fn, file, fnPlace),
      // Parameters may be omitted: the pointer then names where they would be.
      schema: hasParameters ? readSchema(fn, "parameters", file, fnPlace) : noParametersSchema(),
      pointer: appendPointer(fnPlace, "parameters"),
      role: "tool-input",
      format: "openai",
      ...readStrict(fn, file, fnPlace),
    },
  ];
}

/** `{type:"json_schema", ...}` in either the Chat or the Responses spelling. */
export function isOpenAIResponseFormat(value: unknown): value is JsonObject {
  return isJsonObject(value) && value.type === "json_schema";
}

export function parseOpenAIResponseFormat(format: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const nested = "json_schema" in format;
  const innerPlace = nested ? appendPointer(place, "json_schema") : place;
  const inner = nested ? requireObject(format.json_schema, file, innerPlace, "json_schema") : format;
  const name = readName(inner, file, innerPlace);
  return [
    {
      name,
      localId: name,
      ...readDescription(inner, file, innerPlace),
      schema: readSchema(inner, "schema", file, innerPlace),
      pointer: appendPointer(innerPlace, "schema"),
      role: "structured-output",
      format: "openai",
      ...readStrict(inner, file, innerPlace),
    },
  ];
}

/**
 * Structured outputs in an OpenAI request body: Chat `response_format` and Responses `text.format`.
 * Other response formats (`text`, `json_object`) declare no schema.
 */
export function parseOpenAIRequestFormats(body: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const found: ParsedDeclaration[] = [];
  if (isOpenAIResponseFormat(body.response_format)) {
    found.push(...parseOpenAIResponseFormat(body.response_format, file, appendPointer(place, "response_format")));
  }
  if (isJsonObject(body.text) && isOpenAIResponseFormat(body.text.format)) {
    found.push(...parseOpenAIResponseFormat(body.text.format, file, appendPointer(place, "text", "format")));
  }
  return found;
}
