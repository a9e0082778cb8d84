// Anthropic Messages tools: `{name, description, input_schema, strict?}`. Server tools
// (`{type:"web_search_20250305", name}`) declare no schema and are not tools of the catalog.
import { appendPointer } from "../json-pointer.js";
import { readDescription, readName, readSchema, readStrict, type JsonObject, type ParsedDeclaration } from "./tool-fields.js";

export function isAnthropicTool(tool: JsonObject): boolean {
  return "input_schema" in tool;
}

export function parseAnthropicTool(tool: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const name = readName(tool, file, place);
  return [
    {
      name,
      localId: name,
      ...readDescription(tool, file, place),
      schema: readSchema(tool, "input_schema", file, place),
      pointer: appendPointer(place, "input_schema"),
      role: "tool-input",
      format: "anthropic",
      ...readStrict(tool, file, place),
    },
  ];
}
