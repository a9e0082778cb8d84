import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogError, lineAndColumn } from "./catalog-error.js";
import { loadCatalogFile, loadCatalogs, parseCatalog } from "./load-catalog.js";

const FILE = "catalogs/bad.json";
const object = { type: "object" };

async function rejectionOf(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CatalogError);
  return error as CatalogError;
}

function catalogErrorOf(run: () => unknown): CatalogError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return error as CatalogError;
  }
  throw new Error("expected a CatalogError");
}

describe("CatalogError for malformed documents", () => {
  it.each<[string, unknown, string, RegExp]>([
    ["unknown top-level shape", { hello: "world" }, "", /unknown catalog shape/],
    ["a number as the document", 42, "", /unknown catalog shape \(a number\)/],
    ["a tool that is not an object", [3], "/0", /a tool must be an object, got a number/],
    ["an unknown tool shape", [{ name: "x", schema: object }], "/0", /unknown tool shape/],
    ["an OpenAI tool without a name", [{ type: "function", function: { parameters: object } }], "/0/function", /a tool without a name/],
    ["a Responses tool with an empty name", [{ type: "function", name: " ", parameters: object }], "/0/name", /non-empty string/],
    ["an Anthropic tool without a name", [{ input_schema: object }], "/0", /a tool without a name/],
    ["an MCP tool without inputSchema", { tools: [{ name: "a", inputSchema: object }, { name: "b", inputSchema: null }] }, "/tools/1/inputSchema", /a schema must be an object or a boolean, got null/],
    ["a schema that is a string", [{ name: "a", input_schema: "object" }], "/0/input_schema", /got a string/],
    ["a schema that is an array", [{ type: "function", function: { name: "a", parameters: [] } }], "/0/function/parameters", /got an array/],
    ["a response_format without a name", { type: "json_schema", json_schema: { schema: object } }, "/json_schema", /without a name/],
    ["a response_format without a schema", { type: "json_schema", json_schema: { name: "a" } }, "/json_schema", /missing "schema"/],
    ["duplicate tool ids", [{ name: "a", input_schema: object }, { name: "a", input_schema: object }], "/1/input_schema", /duplicate tool id "bad\/a" \(also at \/0\/input_schema\)/],
    ["mixed providers in one list", [{ name: "a", input_schema: object }, { name: "b", inputSchema: object }], "/1", /a mcp tool in a list of anthropic tools/],
    ["both Gemini parameter fields", { functionDeclarations: [{ name: "a", parameters: object, parametersJsonSchema: object }] }, "/functionDeclarations/0", /mutually exclusive/],
    ["both Gemini response schemas", { generationConfig: { responseSchema: object, responseJsonSchema: object } }, "/generationConfig", /mutually exclusive/],
    ["functionDeclarations not a list", { functionDeclarations: {} }, "/functionDeclarations", /must be an array/],
    ["a JSON-RPC error", { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "no" } }, "/error", /JSON-RPC error response/],
    ["a JSON-RPC response without result", { jsonrpc: "2.0", id: 1 }, "", /without a "result"/],
    ["a non-string description", [{ name: "a", description: 3, input_schema: object }], "/0/description", /description must be a string/],
    ["a non-boolean strict", [{ type: "function", function: { name: "a", strict: "yes" } }], "/0/function/strict", /strict must be a boolean/],
    ["a bad x-schemalab-role", { type: "object", "x-schemalab-role": "output" }, "/x-schemalab-role", /x-schemalab-role must be one of/],
  ])("%s", (_case, document, place, reason) => {
    const error = catalogErrorOf(() => parseCatalog(document, FILE));
    expect(error.name).toBe("CatalogError");
    expect(error.file).toBe(FILE);
    expect(error.place).toBe(place);
    expect(error.message).toMatch(reason);
    expect(error.message).toContain(place === "" ? `${FILE} (document root)` : `${FILE} at ${place}`);
  });
});

describe("CatalogError for malformed wrappers", () => {
  const tools = [{ name: "write", input_schema: object }];
  it.each<[string, unknown, string, RegExp]>([
    ["a wrapper without tools", { catalog: "c" }, "", /needs "tools"/],
    ["a catalog name with a slash", { catalog: "a/b", tools }, "/catalog", /catalog must be a name/],
    ["a catalog name that is not a string", { catalog: 3, tools }, "/catalog", /catalog must be a name/],
    ["an unknown wrapper field", { catalog: "c", tools, risks: {} }, "/risks", /unknown catalog wrapper field "risks"/],
    ["an unknown format", { catalog: "c", format: "bedrock", tools }, "/format", /format must be one of/],
    ["a format that does not match", { catalog: "c", format: "openai", tools }, "/tools/0/input_schema", /says format "openai" but this is a anthropic declaration/],
    ["a version that is not a string", { catalog: "c", version: 1.2, tools }, "/version", /version must be a non-empty string/],
    ["an unknown risk level", { catalog: "c", tools, risk: { write: "critical" } }, "/risk/write", /risk must be one of low, medium, high/],
    ["risk for an undeclared tool", { catalog: "c", tools, risk: { wirte: "high" } }, "/risk/wirte", /does not declare/],
    ["risk that is not an object", { catalog: "c", tools, risk: ["write"] }, "/risk", /risk must be an object/],
    ["a schema-format wrapper around a list", { catalog: "c", format: "schema", tools }, "/tools", /a schema must be an object, got an array/],
  ])("%s", (_case, document, place, reason) => {
    const error = catalogErrorOf(() => parseCatalog(document, FILE));
    expect(error.place).toBe(place);
    expect(error.message).toMatch(reason);
    expect(error.message).toContain(FILE);
  });
});

describe("CatalogError from files", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "schemalab-catalog-error-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names the line and column of a JSON syntax error", async () => {
    const file = join(dir, "syntax.json");
    await writeFile(file, '[\n  {"name": "a",,\n]');
    const error = await rejectionOf(loadCatalogFile(file));
    expect(error).toMatchObject({ file, place: "", line: 2, column: 16 }); // the second comma
    expect(error.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:2:16: invalid JSON: `));
  });

  it("puts a truncated file's error at its end", async () => {
    const file = join(dir, "truncated.json");
    await writeFile(file, '{"tools": [\n');
    await expect(loadCatalogFile(file)).rejects.toMatchObject({ name: "CatalogError", line: 2, column: 1 });
  });

  it("names a path that does not exist", async () => {
    const missing = join(dir, "nope");
    await expect(loadCatalogs([missing])).rejects.toThrow(`${missing} (document root): cannot read: no such file or folder`);
  });

  it("names both files when two catalogs declare the same id", async () => {
    const first = join(dir, "dup-a", "shop.json");
    const second = join(dir, "dup-b", "shop.json");
    await mkdir(join(dir, "dup-a"));
    await mkdir(join(dir, "dup-b"));
    const body = JSON.stringify([{ name: "buy", input_schema: object }]);
    await writeFile(first, body);
    await writeFile(second, body);
    const error = await rejectionOf(loadCatalogs([join(dir, "dup-a"), join(dir, "dup-b")]));
    expect(error).toMatchObject({ name: "CatalogError", file: second, place: "/0/input_schema" });
    expect(error.message).toContain(`duplicate tool id "shop/buy" (also in ${first} at /0/input_schema)`);
  });
});

describe("lineAndColumn", () => {
  it("counts from 1 and restarts columns after each newline", () => {
    expect(lineAndColumn("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab", 99)).toEqual({ line: 1, column: 3 });
  });
});
