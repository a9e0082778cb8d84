import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readResultsFile } from "./read-results.js";
import { createRunHeader, ResultsWriter } from "./results-writer.js";
import { buildFixtureDocument, fixtureHeader } from "./test-support/fixture-document.js";

function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), "schemalab-writer-")), "nested", name);
}

function writeFixtureRun(path: string): ResultsWriter {
  const writer = ResultsWriter.open(path, fixtureHeader());
  for (const section of buildFixtureDocument().sections) writer.writeSection(section);
  return writer;
}

describe("ResultsWriter", () => {
  test("writes the header first, one line per section, the footer last, and reads back equal", () => {
    const path = tempFile("results.jsonl");
    const written = writeFixtureRun(path).close(true, new Date("2025-01-02T03:06:00.000Z"));
    const kinds = readFileSync(path, "utf8").trimEnd().split("\n").map((line) => (JSON.parse(line) as { kind: string }).kind);
    expect(kinds[0]).toBe("header");
    expect(kinds.at(-1)).toBe("footer");
    expect(kinds.slice(1, -1)).toEqual(buildFixtureDocument().sections.map((s) => s.kind));
    const read = readResultsFile(path);
    expect(read.document).toEqual(written);
    expect(read.document.footer).toEqual({ kind: "footer", finishedAt: "2025-01-02T03:06:00.000Z", complete: true });
    expect(read.warnings).toEqual([]);
  });

  test("every line is on disk before close, so an interrupted run reads as partial", () => {
    const path = tempFile("interrupted.jsonl");
    writeFixtureRun(path); // never closed: the process "died" here
    const read = readResultsFile(path);
    expect(read.document.footer.complete).toBe(false);
    expect(read.document.sections).toHaveLength(buildFixtureDocument().sections.length);
    expect(read.warnings.join("\n")).toMatch(/no footer/);
  });

  test("a half-written last line is ignored and reported, not a crash", () => {
    const path = tempFile("cut.jsonl");
    writeFixtureRun(path).close(true);
    const lines = readFileSync(path, "utf8").split("\n");
    const cut = lines.slice(0, 4).join("\n") + "\n" + lines[4]!.slice(0, 25);
    writeFileSync(path, cut);
    const read = readResultsFile(path);
    expect(read.document.sections).toHaveLength(3);
    expect(read.document.footer.complete).toBe(false);
    expect(read.warnings.join("\n")).toMatch(/line 5: cut off mid-line/);
  });

  test("closing twice is a programmer error", () => {
    const writer = ResultsWriter.open(tempFile("twice.jsonl"), fixtureHeader());
    writer.close(false);
    expect(() => writer.close(true)).toThrow(/already closed/);
  });
});

describe("createRunHeader", () => {
  test("fills the version from package.json, the runtime and the seed", () => {
    const header = createRunHeader({ argv: ["fuzz", "--seed", "7"], seed: 7, now: new Date("2025-05-05T00:00:00Z") });
    const version = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
    expect(header).toMatchObject({ kind: "header", schemalab: version, startedAt: "2025-05-05T00:00:00.000Z", seed: 7, node: process.version });
    expect("seed" in createRunHeader({ argv: [] })).toBe(false);
  });
});
