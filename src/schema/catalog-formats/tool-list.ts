// A list of tools in any provider's spelling: each entry is recognised by its shape, and one list
// may not mix providers (a file is one provider's request, not a collage).
import { CatalogError } from "../catalog-error.js";
import { appendPointer } from "../json-pointer.js";
import type { CatalogFormat } from "../types.js";
import { isAnthropicTool, parseAnthropicTool } from "./anthropic.js";
import { isGeminiBuiltInTool, isGeminiFunctionDeclaration, isGeminiTool, parseGeminiFunctionDeclaration, parseGeminiTool } from "./gemini.js";
import { isMcpTool, parseMcpTool } from "./mcp.js";
import { isOpenAITool, parseOpenAITool } from "./openai.js";
import { requireObject, type JsonObject, type ParsedDeclaration } from "./tool-fields.js";

interface ToolShape {
  readonly format: CatalogFormat;
  readonly matches: (tool: JsonObject) => boolean;
  readonly parse: (tool: JsonObject, file: string, place: string) => ParsedDeclaration[];
}

// Order matters: OpenAI Responses tools carry `parameters` too, so they are recognised before Gemini's bare declarations.
const TOOL_SHAPES: readonly ToolShape[] = [
  { format: "openai", matches: isOpenAITool, parse: parseOpenAITool },
  { format: "anthropic", matches: isAnthropicTool, parse: parseAnthropicTool },
  { format: "mcp", matches: isMcpTool, parse: parseMcpTool },
  { format: "gemini", matches: isGeminiTool, parse: parseGeminiTool },
  { format: "gemini", matches: isGeminiFunctionDeclaration, parse: parseGeminiFunctionDeclaration },
];

/** Provider-hosted tools (web search, code execution...) have a `type` or a built-in key and no schema to declare. */
function isBuiltInTool(tool: JsonObject): boolean {
  return typeof tool.type === "string" || isGeminiBuiltInTool(tool);
}

const EXPECTED_SHAPES =
  "expected an OpenAI function tool, an Anthropic tool (input_schema), an MCP tool (inputSchema) or a Gemini tool (functionDeclarations)";

export function parseToolList(tools: unknown, file: string, place: string): ParsedDeclaration[] {
  if (!Array.isArray(tools)) throw new CatalogError(file, place, "a tool list must be an array");
  const declarations: ParsedDeclaration[] = [];
  let listFormat: { format: CatalogFormat; place: string } | null = null;
  tools.forEach((entry: unknown, index) => {
    const toolPlace = appendPointer(place, index);
    const tool = requireObject(entry, file, toolPlace, "a tool");
    const shape = TOOL_SHAPES.find((candidate) => candidate.matches(tool));
    if (shape === undefined) {
      if (isBuiltInTool(tool)) return;
      throw new CatalogError(file, toolPlace, `unknown tool shape: ${EXPECTED_SHAPES}`);
    }
    if (listFormat !== null && listFormat.format !== shape.format) {
      throw new CatalogError(file, toolPlace, `a ${shape.format} tool in a list of ${listFormat.format} tools (first at ${listFormat.place})`);
    }
    listFormat ??= { format: shape.format, place: toolPlace };
    declarations.push(...shape.parse(tool, file, toolPlace));
  });
  return declarations;
}
