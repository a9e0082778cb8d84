import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { SMALL_SCHEMA, tempFolder, writeSchemaCatalog } from "../diff/test-support/temp-catalog.js";
import type { FuzzSection } from "../report/model.js";
import { findSchemaViolation } from "../report/validate-results.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const FITNESS = fromRoot("suites", "catalogs", "fitness.json");
const NUMBER_AS_TEXT = fromRoot("src", "diff", "test-support", "number-as-text-validator.ts");
let emptyRegressions: string;
let small: string;

beforeAll(async () => {
  emptyRegressions = await tempFolder();
  small = await writeSchemaCatalog("small", SMALL_SCHEMA);
});

async function fuzz(...argv: string[]) {
  const io = memoryIo();
  const code = await main(["fuzz", "--workers", "2", ...argv], io);
  return { code, ...io };
}

/** A replay line as a shell would split it (single quotes only: what replayLine writes). */
function shellSplit(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((match) => (match[1] !== undefined ? match[1].replace(/'\\''/g, "'") : match[2]!));
}

describe("schemalab fuzz", () => {
  it("exits 0 when candidate and reference agree, with one JSON document on stdout", async () => {
    const { code, stdout, stderr } = await fuzz("--validator", "ajv", "--schemas", small, "--runs", "200", "--seed", "3", "--format", "json", "--regressions", emptyRegressions);
    expect(code).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const section = JSON.parse(stdout) as FuzzSection;
    expect(section).toMatchObject({ kind: "fuzz", validator: "ajv", reference: "ajv", seed: 3, cases: 200, findings: [], disagreements: [] });
    expect(section.stats.casesPerSecond).toBeGreaterThan(0);
    // the workers' time spent in the two validators: a share, and the phases' own sum bounds it
    expect(section.stats.judgingShare).toBeGreaterThan(0);
    expect(section.stats.judgingShare).toBeLessThanOrEqual(1);
    expect(section.stats.validShare).toBeGreaterThan(0.3);
    expect(section.stats.validShare).toBeLessThan(0.7);
    expect(Object.keys(section.stats.byFamily)).toContain("valid");
    expect(stderr).toContain("seed 3");
  });

  it("exits 1 on a finding; each disagreement carries the DESIGN fields and a replay that reproduces it alone", async () => {
    const common = ["--validator", NUMBER_AS_TEXT, "--schemas", FITNESS, "--seed", "7", "--format", "json", "--regressions", emptyRegressions];
    const { code, stdout } = await fuzz(...common, "--runs", "600");
    expect(code).toBe(1);
    const section = JSON.parse(stdout) as FuzzSection;
    expect(findSchemaViolation(section, "section")).toBeUndefined();
    const disagreement = section.disagreements[0]!;
    expect(Object.keys(disagreement)).toEqual(expect.arrayContaining(["schemaId", "schema", "instance", "reference", "candidate", "replay"]));
    const finding = section.findings.find((item) => item.family === "number-as-text")!;
    const [npx, bin, verb, ...argv] = shellSplit(finding.replay);
    expect([npx, bin, verb]).toEqual(["npx", "schemalab", "fuzz"]);
    const replayed = await fuzz(...argv, "--format", "json");
    expect(replayed.code).toBe(1);
    const alone = JSON.parse(replayed.stdout) as FuzzSection;
    expect(alone.cases).toBe(1);
    expect(alone.disagreements).toHaveLength(1);
    expect(alone.disagreements[0]!.instance).toEqual(finding.example.instance);
    expect(alone.findings[0]!.id).toBe(finding.id);
  });

  it("exits 0 when every finding is a known divergence of the reference (Ajv's float multipleOf)", async () => {
    const prices = await writeSchemaCatalog("prices", { type: "object", properties: { amount: { type: "number", minimum: 0, maximum: 1000, multipleOf: 0.01 } }, required: ["amount"] });
    const { code, stdout } = await fuzz("--schemas", prices, "--runs", "400", "--seed", "1", "--format", "json", "--regressions", emptyRegressions);
    const section = JSON.parse(stdout) as FuzzSection;
    const lax = section.findings.filter((finding) => finding.direction !== "error-location");
    expect(lax.length).toBeGreaterThan(0);
    for (const finding of lax) expect(finding).toMatchObject({ adjudication: "reference-wrong", knownDivergence: "ajv-float-multipleof" });
    expect(code).toBe(0);
  });

  it("writes --out and --save-regressions, and the saved cases fail the candidate again on their own", async () => {
    const folder = await tempFolder();
    const out = join(folder, "fuzz.json");
    const saved = join(folder, "regressions");
    const { code, stdout } = await fuzz("--validator", NUMBER_AS_TEXT, "--schemas", FITNESS, "--runs", "300", "--seed", "7", "--format", "json", "--out", out, "--save-regressions", saved, "--regressions", emptyRegressions);
    expect(code).toBe(1);
    expect(await readFile(out, "utf8")).toBe(stdout);
    const again = await fuzz("--validator", NUMBER_AS_TEXT, "--runs", "0", "--regressions", saved, "--format", "json");
    expect(again.code).toBe(1);
    expect((JSON.parse(again.stdout) as FuzzSection).findings.every((finding) => finding.family === "regression")).toBe(true);
    expect((await fuzz("--validator", "ajv", "--runs", "0", "--regressions", saved)).code).toBe(0);
  });

  it("prints the readable view on stdout by default", async () => {
    const { code, stdout } = await fuzz("--validator", NUMBER_AS_TEXT, "--schemas", FITNESS, "--runs", "300", "--seed", "7", "--regressions", emptyRegressions);
    expect(code).toBe(1);
    expect(stdout).toContain("fuzz: ");
    expect(stdout).toContain("against ajv · seed 7");
    expect(stdout).toMatch(/too-lax +fitness\//);
    expect(stdout).toContain("replay: npx schemalab fuzz");
  });

  it("exits 2 on bad usage, with a one-line reason", async () => {
    for (const argv of [["--runs", "many"], ["--shard", "5/4"], ["--format", "xml"], ["--schema-id", "x"], ["--replay-path", "1:x", "--schema-id", "x"], ["--bogus"]]) {
      const { code, stderr, stdout } = await fuzz(...argv);
      expect(code, argv.join(" ")).toBe(2);
      expect(stderr).toMatch(/^schemalab fuzz: .+\n$/);
      expect(stdout).toBe("");
    }
  });

  it("exits 2 on unreadable input, naming the file", async () => {
    const missing = join(await tempFolder(), "missing.json");
    const noCatalog = await fuzz("--schemas", missing);
    expect(noCatalog.code).toBe(2);
    expect(noCatalog.stderr).toContain(missing);
    const noValidator = await fuzz("--validator", missing, "--schemas", small, "--regressions", emptyRegressions);
    expect(noValidator.code).toBe(2);
    expect(noValidator.stderr).toContain("missing.json: file not found");
    const unknownSchema = await fuzz("--schemas", small, "--schema-id", "nope", "--replay-path", "1");
    expect(unknownSchema.code).toBe(2);
    expect(unknownSchema.stderr).toContain("--schema-id nope");
  });
});

describe("schemalab fuzz progress", () => {
  const progressRun = async (isTTY: boolean, ...argv: string[]) => {
    const io = { ...memoryIo(), isTTY };
    const captured = { stderr: "" };
    io.err = (text: string) => void (captured.stderr += text);
    await main(["fuzz", "--validator", "ajv", "--schemas", small, "--runs", "50", "--seed", "1", "--regressions", emptyRegressions, ...argv], io);
    return captured.stderr;
  };

  it("shows cases/s and findings on a terminal, and stays silent with --format json or off a terminal", async () => {
    expect(await progressRun(true)).toMatch(/\rfuzz: \d+ cases, \d+ cases\/s, 0 findings/);
    expect(await progressRun(true, "--format", "json")).not.toContain("cases/s,");
    expect(await progressRun(false)).not.toContain("cases/s,");
  });
});

describe("schemalab fuzz with a declared schema the candidate refuses", () => {
  it("says so on its last line and in the JSON; --fail-on-unsupported exits 1", async () => {
    const refused = await writeSchemaCatalog("refused", { type: "object", properties: { a: { type: "string", minLenght: 2 } } });
    const argv = ["--schemas", small, refused, "--runs", "40", "--seed", "1", "--regressions", emptyRegressions];
    const text = await fuzz(...argv);
    expect(text.code).toBe(0);
    expect(text.stdout.trimEnd().split("\n").at(-1)).toMatch(/^NOT FUZZED: 1 declared schema was not fuzzed at all/);
    const json = await fuzz(...argv, "--format", "json");
    const section = JSON.parse(json.stdout) as FuzzSection;
    expect(section.notFuzzed).toBe(1);
    expect(findSchemaViolation(section, "section")).toBeUndefined();
    expect((await fuzz(...argv, "--fail-on-unsupported")).code).toBe(1);
    expect((await fuzz("--schemas", small, "--runs", "40", "--seed", "1", "--regressions", emptyRegressions, "--fail-on-unsupported")).code).toBe(0);
  });
});
