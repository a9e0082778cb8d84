// The library API returns the objects the CLI prints with --format json, and touches nothing
// process-wide: no stdout, no process.exit.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkVerb } from "../cli/check.js";
import { compatVerb } from "../cli/compat.js";
import { memoryIo } from "../cli/io.js";
import { fromRoot } from "../package-root.js";
import { CatalogError, check, compat, loadCatalog, parseCheckJson, report, translate, UnknownTargetError } from "../index.js";

const FITNESS = fromRoot("suites", "catalogs", "fitness.json");
const SUPPORT = fromRoot("suites", "catalogs", "support-routing.json");
const OLD = fromRoot("suites", "evolution", "fitness-1.2.0.json");
const NEW = fromRoot("suites", "evolution", "fitness-1.3.0.json");

const TOOLS = [
  {
    name: "book_room",
    description: "Book a meeting room.",
    input_schema: {
      type: "object",
      properties: { room: { type: "string", pattern: "^R[0-9]{3}$" }, people: { type: "integer", minimum: 1, maximum: 40 } },
      required: ["room"],
    },
  },
];

let stdout: ReturnType<typeof vi.spyOn>;
let exit: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  stdout = vi.spyOn(process.stdout, "write");
  exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
});
afterEach(() => {
  expect(stdout).not.toHaveBeenCalled();
  expect(exit).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

describe("check()", () => {
  it("resolves to the CheckSection `check --format json` prints (its compact form, expanded)", async () => {
    const target = "anthropic:messages.tools.strict";
    const section = await check(FITNESS, target);
    const io = memoryIo();
    await checkVerb(["--catalog", FITNESS, "--target", target, "--format", "json", "--workers", "0"], io);
    expect(section).toEqual(parseCheckJson(io.stdout));
    expect(section.results.length).toBe(3);
  });

  it("checks tools held in memory, in their native format", async () => {
    const section = await check(TOOLS, ["anthropic:messages.tools.strict", "openai:chat.tools.strict"]);
    expect(section.results.map((result) => result.target)).toEqual(["anthropic:messages.tools.strict", "openai:chat.tools.strict"]);
    expect(section.results.every((result) => result.schemaId === "inline/book_room")).toBe(true);
    // The strict modes refuse numeric bounds: translated (stripped), so answers need local validation.
    expect(section.results.every((result) => result.verdict !== "native")).toBe(true);
  });

  it("reports progress per file and stops when aborted", async () => {
    const seen: string[] = [];
    await check([FITNESS, SUPPORT], "openai:chat.tools.strict", { onProgress: (progress) => seen.push(`${progress.filesDone}:${progress.schemasDone}`) });
    expect(seen).toEqual(["1:3", "2:6"]);
    const controller = new AbortController();
    const aborted = check([FITNESS, SUPPORT], "openai:chat.tools.strict", { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(aborted).rejects.toThrow(/abort/i);
  });

  it("rejects a bad target or catalog with the engine's error", async () => {
    await expect(check(TOOLS, "anthropic:nope")).rejects.toBeInstanceOf(UnknownTargetError);
    await expect(check({ tools: "no" }, "anthropic:messages.tools.strict")).rejects.toBeInstanceOf(CatalogError);
  });
});

describe("translate() and loadCatalog()", () => {
  it("gives the translation check judged", async () => {
    const [declared] = await loadCatalog(FITNESS);
    const target = "openai:chat.tools.strict";
    const translation = translate(declared!, target);
    const section = await check([declared!], target);
    const [result] = section.results;
    // Check groups the translation's changes (one entry per feature, keyword, kind and reason; reasons by note id, issue 22).
    expect(result!.changes.reduce((sum, change) => sum + change.count, 0)).toBe(translation.changes.length);
    for (const change of result!.changes) {
      const same = translation.changes.filter((each) => each.feature === change.feature && each.keyword === change.keyword && each.kind === change.kind && each.reason === section.notes[change.reason]);
      expect(same.length).toBe(change.count);
    }
    expect(translation.native).not.toBeNull();
  });

  it("declares a bare schema with the target's role", () => {
    const translation = translate({ type: "object", properties: { n: { type: "integer", minimum: 1 } } }, "openai:chat.tools.strict", { name: "count" });
    expect(translation.changes.some((change) => change.keyword === "minimum" || change.keyword === "additionalProperties")).toBe(true);
    expect(JSON.stringify(translation.fragment)).toContain('"name":"count"');
  });
});

describe("compat() and report()", () => {
  it("compat resolves to the section `compat --format json` prints", async () => {
    const section = await compat(OLD, NEW, { runs: 50 });
    const io = memoryIo();
    await compatVerb([OLD, NEW, "--runs", "50", "--format", "json"], io);
    expect(section).toEqual(JSON.parse(io.stdout));
  });

  it("report renders sections the API returned, without writing files", async () => {
    const section = await check(FITNESS, "openai:chat.tools.strict");
    const { document, rendered, files } = await report(section);
    expect(document.sections).toHaveLength(1);
    expect(rendered.md).toContain("needs-local-validation");
    expect(rendered.junit).toContain("<testsuite");
    expect(files).toBeUndefined();
    await expect(report({ kind: "nonsense" } as never)).rejects.toThrow(/inputs\[0\]/);
  });
});

describe("the library's import graph", () => {
  it("holds no CLI module (src/cli/io.ts exits on EPIPE, jit-tuning sets V8 flags)", async () => {
    const esbuild = await import("esbuild");
    const built = await esbuild.build({ entryPoints: [fromRoot("src", "index.ts"), fromRoot("src", "arbitraries", "index.ts")], bundle: true, platform: "node", format: "esm", write: false, metafile: true, packages: "external", outdir: "unused", logLevel: "silent" });
    const inputs = Object.keys(built.metafile.inputs);
    expect(inputs.some((input) => input.includes("src/api/check.ts"))).toBe(true);
    expect(inputs.filter((input) => input.includes("src/cli/") || input.includes("measurement-store"))).toEqual([]);
  });
});
