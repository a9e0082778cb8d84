// Recognises a catalog document in its provider's native spelling and returns its declarations.
// Recognition is by shape, most specific first, so a document never depends on its file name.
import { CatalogError } from "./catalog-error.js";
import { hasGeminiResponseSchema, isGeminiTool, parseGeminiResponseSchema, parseGeminiTool } from "./catalog-formats/gemini.js";
import { isJsonRpcEnvelope, unwrapJsonRpcResult } from "./catalog-formats/mcp.js";
import { isOpenAIResponseFormat, parseOpenAIRequestFormats, parseOpenAIResponseFormat } from "./catalog-formats/openai.js";
import { looksLikePlainSchema, parsePlainSchema } from "./catalog-formats/plain-schema.js";
import { describeJsonType, isJsonObject, requireObject, type JsonObject, type ParsedDeclaration } from "./catalog-formats/tool-fields.js";
import { parseToolList } from "./catalog-formats/tool-list.js";
import { appendPointer } from "./json-pointer.js";

/** Keys of a request body or list result that carry declarations (OpenAI, Gemini, MCP). */
const REQUEST_KEYS = ["tools", "functionDeclarations", "response_format", "text", "generationConfig", "responseSchema", "responseJsonSchema"];

const KNOWN_SHAPES =
  "expected a tool list, an MCP tools/list result, a Gemini tool or generationConfig, an OpenAI response_format, or a JSON Schema (an object with a JSON Schema keyword of any draft, an empty object, true or false)";

/**
 * Declarations in a native (unwrapped) document found at `place` in `file`.
 * `defaultName` names a plain schema that does not name itself.
 */
export function parseNativeDocument(document: unknown, file: string, place: string, defaultName: string): ParsedDeclaration[] {
  if (Array.isArray(document)) return parseToolList(document, file, place);
  if (typeof document === "boolean") return parsePlainSchema(document, file, place, defaultName);
  if (!isJsonObject(document)) throw new CatalogError(file, place, `unknown catalog shape (${describeJsonType(document)}): ${KNOWN_SHAPES}`);
  if (isJsonRpcEnvelope(document)) {
    return parseNativeDocument(unwrapJsonRpcResult(document, file, place), file, appendPointer(place, "result"), defaultName);
  }
  if (isOpenAIResponseFormat(document)) return parseOpenAIResponseFormat(document, file, place);
  if (REQUEST_KEYS.some((key) => key in document) && !looksLikeSchemaWithText(document)) return parseRequestBody(document, file, place);
  if (looksLikePlainSchema(document)) return parsePlainSchema(document, file, place, defaultName);
  throw new CatalogError(file, place, `unknown catalog shape (an object with keys ${listKeys(document)}): ${KNOWN_SHAPES}`);
}

// `text` is a common property name, but a schema holds it under `properties`, never at the top:
// only a `text` object with a `format` is the Responses API's structured-output slot.
function looksLikeSchemaWithText(document: JsonObject): boolean {
  const others = REQUEST_KEYS.filter((key) => key !== "text" && key in document);
  return others.length === 0 && !(isJsonObject(document.text) && "format" in document.text);
}

function parseRequestBody(body: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const found: ParsedDeclaration[] = [];
  if ("tools" in body) found.push(...parseToolList(body.tools, file, appendPointer(place, "tools")));
  if (isGeminiTool(body)) found.push(...parseGeminiTool(body, file, place));
  found.push(...parseOpenAIRequestFormats(body, file, place));
  if ("generationConfig" in body) {
    const configPlace = appendPointer(place, "generationConfig");
    found.push(...parseGeminiResponseSchema(requireObject(body.generationConfig, file, configPlace, "generationConfig"), file, configPlace));
  }
  if (hasGeminiResponseSchema(body)) found.push(...parseGeminiResponseSchema(body, file, place));
  return found;
}

function listKeys(document: JsonObject): string {
  const keys = Object.keys(document).slice(0, 5);
  return keys.length === 0 ? "none" : keys.map((key) => JSON.stringify(key)).join(", ");
}
