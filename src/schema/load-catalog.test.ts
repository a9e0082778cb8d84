import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCatalogFiles, loadCatalogFile, loadCatalogs, parseCatalog } from "./load-catalog.js";

const object = { type: "object", properties: { x: { type: "string" } } };
const anthropicTools = (...names: string[]) => names.map((name) => ({ name, input_schema: object }));

describe("the catalog wrapper", () => {
  it("names ids after the catalog and applies its version and risk levels", () => {
    const wrapper = {
      catalog: "payments",
      version: "3.1.0",
      format: "mcp",
      description: "Partner API.",
      "x-owner": "team-payments",
      risk: { transfer: "high", balance: "low" },
      tools: { tools: [{ name: "transfer", inputSchema: object, outputSchema: object }, { name: "balance", inputSchema: object }, { name: "ping", inputSchema: object }] },
    };
    expect(parseCatalog(wrapper, "any-file-name.json").map((d) => [d.id, d.version, d.risk, d.source.pointer])).toEqual([
      ["payments/transfer", "3.1.0", "high", "/tools/tools/0/inputSchema"],
      ["payments/transfer#output", "3.1.0", "high", "/tools/tools/0/outputSchema"],
      ["payments/balance", "3.1.0", "low", "/tools/tools/1/inputSchema"],
      ["payments/ping", "3.1.0", undefined, "/tools/tools/2/inputSchema"],
    ]);
  });

  it("lets the schema's own version show when the wrapper has none", () => {
    const wrapper = { catalog: "c", tools: [{ name: "a", input_schema: { type: "object", schema_version: "7" } }] };
    expect(parseCatalog(wrapper, "c.json")[0]!.version).toBe("7");
  });

  it("wraps a plain schema with format schema, named by the catalog unless it names itself", () => {
    expect(parseCatalog({ catalog: "tree", format: "schema", tools: {} }, "x.json")).toMatchObject([
      { id: "tree/tree", source: { format: "schema", pointer: "/tools" }, role: "tool-input" },
    ]);
    expect(parseCatalog({ catalog: "tree", tools: { type: "object", "x-schemalab-name": "walk" } }, "x.json")[0]!.id).toBe("tree/walk");
  });

  it("leaves the document exactly as it was", () => {
    const wrapper = { catalog: "c", version: "1", risk: { a: "high" }, tools: anthropicTools("a", "b") };
    const before = structuredClone(wrapper);
    parseCatalog(wrapper, "c.json");
    expect(wrapper).toEqual(before);
  });
});

describe("loading files and folders", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "schemalab-load-catalog-"));
    await mkdir(join(dir, "b-folder", "nested"), { recursive: true });
    await mkdir(join(dir, ".hidden"));
    await writeFile(join(dir, "z.json"), JSON.stringify(anthropicTools("z1", "z2")));
    await writeFile(join(dir, "a.json"), `\uFEFF${JSON.stringify(anthropicTools("a1"))}`);
    await writeFile(join(dir, "B.json"), JSON.stringify(anthropicTools("b")));
    await writeFile(join(dir, "b-folder", "nested", "deep.json"), JSON.stringify(object));
    await writeFile(join(dir, "b-folder", "README.md"), "# not a catalog");
    await writeFile(join(dir, ".hidden", "secret.json"), "not even json");
    await writeFile(join(dir, "notes.txt"), JSON.stringify(anthropicTools("from_txt")));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("walks folders recursively in code-unit name order, .json files only, hidden folders skipped", async () => {
    expect(await listCatalogFiles([dir])).toEqual(
      ["B.json", "a.json", join("b-folder", "nested", "deep.json"), "z.json"].map((name) => join(dir, name)),
    );
  });

  it("keeps the order of the paths given and lists each file once", async () => {
    const files = await listCatalogFiles([join(dir, "z.json"), dir, join(dir, "notes.txt")]);
    expect(files[0]).toBe(join(dir, "z.json"));
    expect(files.filter((file) => file.endsWith("z.json"))).toHaveLength(1);
    expect(files.at(-1)).toBe(join(dir, "notes.txt"));
  });

  it("loads every declaration in a stable order, reading a file named explicitly whatever its extension", async () => {
    const declared = await loadCatalogs([dir, join(dir, "notes.txt")]);
    expect(declared.map((d) => d.id)).toEqual(["B/b", "a/a1", "deep/deep", "z/z1", "z/z2", "notes/from_txt"]);
    expect((await loadCatalogs([dir, join(dir, "notes.txt")])).map((d) => d.id)).toEqual(declared.map((d) => d.id));
  });

  it("loads one file with the file path in each source", async () => {
    const file = join(dir, "z.json");
    expect((await loadCatalogFile(file)).map((d) => d.source)).toEqual([
      { file, format: "anthropic", pointer: "/0/input_schema" },
      { file, format: "anthropic", pointer: "/1/input_schema" },
    ]);
  });
});

describe("a folder scan with bad files", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "schemalab-scan-"));
    await mkdir(join(folder, "nested"));
    await writeFile(join(folder, "a-good.json"), JSON.stringify({ type: "object" }));
    await writeFile(join(folder, "b-broken.json"), "{ not json");
    await writeFile(join(folder, "c-enum.json"), JSON.stringify({ enum: [1, 2] }));
    await writeFile(join(folder, "nested", "d-unknown.json"), JSON.stringify({ hello: "world" }));
    await writeFile(join(folder, "nested", "e-number.json"), "42");
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("names every unreadable or unrecognised file in one error, not only the first", async () => {
    const error = await loadCatalogs([folder, join(folder, "missing.json")]).then(
      () => null,
      (caught: unknown) => caught as Error & { errors: { file: string }[] },
    );
    expect(error?.errors.map((each) => each.file)).toEqual([
      join(folder, "missing.json"),
      join(folder, "b-broken.json"),
      join(folder, "nested", "d-unknown.json"),
      join(folder, "nested", "e-number.json"),
    ]);
    const lines = error!.message.split("\n");
    expect(lines[0]).toBe("4 problems in 5 catalog file(s):");
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/missing\.json \(document root\): cannot read: no such file or folder$/),
      expect.stringMatching(/b-broken\.json:1:\d+: invalid JSON/),
      expect.stringMatching(/d-unknown\.json \(document root\): unknown catalog shape/),
      expect.stringMatching(/e-number\.json \(document root\): unknown catalog shape \(a number\)/),
    ]);
  });
});
