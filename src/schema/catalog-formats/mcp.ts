// MCP `tools/list`: each tool is `{name, title?, description?, inputSchema, outputSchema?, annotations?}`.
// The result may arrive bare (`{tools:[...]}`) or in its JSON-RPC envelope (`{jsonrpc, id, result}`).
// An `outputSchema` becomes its own declaration, `<name>#output`, with the tool-result role: it is the
// shape of what the tool returns, never a schema a provider enforces.
import { CatalogError } from "../catalog-error.js";
import { appendPointer } from "../json-pointer.js";
import { isJsonObject, readDescription, readName, readSchema, type JsonObject, type ParsedDeclaration } from "./tool-fields.js";

export function isMcpTool(tool: JsonObject): boolean {
  return "inputSchema" in tool;
}

export function parseMcpTool(tool: JsonObject, file: string, place: string): ParsedDeclaration[] {
  const name = readName(tool, file, place);
  const description = readDescription(tool, file, place);
  const input: ParsedDeclaration = {
    name,
    localId: name,
    ...description,
    schema: readSchema(tool, "inputSchema", file, place),
    pointer: appendPointer(place, "inputSchema"),
    role: "tool-input",
    format: "mcp",
  };
  if (tool.outputSchema === undefined) return [input];
  const output: ParsedDeclaration = {
    name,
    localId: `${name}#output`,
    ...description,
    schema: readSchema(tool, "outputSchema", file, place),
    pointer: appendPointer(place, "outputSchema"),
    role: "tool-result",
    format: "mcp",
  };
  return [input, output];
}

export function isJsonRpcEnvelope(document: JsonObject): boolean {
  return typeof document.jsonrpc === "string";
}

/** The `result` of a JSON-RPC response; an error response is not a catalog. */
export function unwrapJsonRpcResult(envelope: JsonObject, file: string, place: string): JsonObject {
  if (envelope.error !== undefined) throw new CatalogError(file, appendPointer(place, "error"), "a JSON-RPC error response, not a tools/list result");
  if (!isJsonObject(envelope.result)) throw new CatalogError(file, place, 'a JSON-RPC response without a "result" object');
  return envelope.result;
}
