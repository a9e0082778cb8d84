import { describe, expect, it } from "vitest";
import { parseCatalog } from "../load-catalog.js";

const inputSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
const outputSchema = { type: "object", properties: { bytes: { type: "integer" } } };
const tools = [
  { name: "read_file", title: "Read file", description: "Read a file.", inputSchema, outputSchema, annotations: { readOnlyHint: true } },
  { name: "list", inputSchema: { type: "object" } },
];

describe("MCP catalogs", () => {
  it("reads a tools/list result, declaring outputSchema as <name>#output", () => {
    expect(parseCatalog({ tools, nextCursor: "abc" }, "fs.json")).toEqual([
      {
        id: "fs/read_file",
        name: "read_file",
        version: null,
        description: "Read a file.",
        source: { file: "fs.json", format: "mcp", pointer: "/tools/0/inputSchema" },
        schema: inputSchema,
        role: "tool-input", dialect: "draft2020-12",
      },
      {
        id: "fs/read_file#output",
        name: "read_file",
        version: null,
        description: "Read a file.",
        source: { file: "fs.json", format: "mcp", pointer: "/tools/0/outputSchema" },
        schema: outputSchema,
        role: "tool-result", dialect: "draft2020-12",
      },
      {
        id: "fs/list",
        name: "list",
        version: null,
        source: { file: "fs.json", format: "mcp", pointer: "/tools/1/inputSchema" },
        schema: { type: "object" },
        role: "tool-input", dialect: "draft2020-12",
      },
    ]);
  });

  it("reads the JSON-RPC envelope with pointers into result", () => {
    const envelope = { jsonrpc: "2.0", id: 7, result: { tools } };
    expect(parseCatalog(envelope, "rpc.json").map((d) => d.source.pointer)).toEqual([
      "/result/tools/0/inputSchema",
      "/result/tools/0/outputSchema",
      "/result/tools/1/inputSchema",
    ]);
  });

  it("reads a bare array of MCP tools", () => {
    expect(parseCatalog([tools[1]], "bare.json")).toMatchObject([{ id: "bare/list", source: { format: "mcp", pointer: "/0/inputSchema" } }]);
  });
});
