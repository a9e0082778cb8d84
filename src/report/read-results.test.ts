import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseResultsText, readResultsFile } from "./read-results.js";
import type { ProbeSection } from "./model.js";
import { ResultsInputError } from "./results-input-error.js";
import { findSchemaViolation } from "./validate-results.js";
import { buildFixtureDocument, fixtureFuzzSection, fixtureHeader } from "./test-support/fixture-document.js";

const jsonl = (...records: unknown[]): string => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
const footer = { kind: "footer", finishedAt: "2025-01-02T03:06:00.000Z", complete: true };

function readError(text: string): string {
  try {
    parseResultsText(text, "in.jsonl");
  } catch (error) {
    expect(error).toBeInstanceOf(ResultsInputError);
    return (error as Error).message;
  }
  throw new Error("expected the read to fail");
}

describe("parseResultsText", () => {
  test("the fixture document matches results.schema.json", () => {
    expect(findSchemaViolation(buildFixtureDocument(), "document")).toBeUndefined();
  });

  test("reads a merged results.json as it is", () => {
    const document = buildFixtureDocument();
    expect(parseResultsText(JSON.stringify(document, null, 2), "results.json").document).toEqual(document);
  });

  test("reads a bare section (a verb's --format json) as a complete one-section document", () => {
    const section = fixtureFuzzSection();
    const { document } = parseResultsText(JSON.stringify(section), "fuzz.json", new Date("2025-03-03T00:00:00Z"));
    expect(document.sections).toEqual([section]);
    expect(document.footer).toEqual({ kind: "footer", finishedAt: "2025-03-03T00:00:00.000Z", complete: true });
    expect(document.header.schemalab).toBe("unknown");
  });

  test("a header-only file is a partial run with no sections", () => {
    const { document } = parseResultsText(jsonl(fixtureHeader()), "h.jsonl");
    expect(document.sections).toEqual([]);
    expect(document.footer.complete).toBe(false);
  });

  test("a schema mismatch names the file, the line and the failing path", () => {
    const bad = { ...fixtureFuzzSection(), findings: [{ ...fixtureFuzzSection().findings[0]!, count: "3" }] };
    expect(readError(jsonl(fixtureHeader(), bad, footer))).toBe("in.jsonl line 2: /findings/0/count: must be integer");
  });

  test("names an unknown record kind and an enum's allowed values", () => {
    expect(readError(jsonl(fixtureHeader(), { kind: "fuzzz" }, footer))).toMatch(/^in\.jsonl line 2: \(top level\): kind "fuzzz" is not a known record kind/);
    expect(readError(jsonl(fixtureHeader(), { cases: 3 }))).toBe('in.jsonl line 2: (top level): "kind" is missing or not a string');
    expect(readError(jsonl(fixtureHeader(), { kind: "check", source: "guessed", targets: [], results: [], toolResults: [], badFiles: [], notes: {} }))).toBe(
      'in.jsonl line 2: /source: must be one of "documented", "measured"',
    );
  });

  test("a broken line in the middle is bad input, not a partial run", () => {
    const text = jsonl(fixtureHeader()) + "{not json\n" + jsonl(footer);
    expect(readError(text)).toMatch(/^in\.jsonl line 2: not JSON/);
  });

  test("the header must come first, once, and nothing may follow the footer", () => {
    expect(readError(jsonl(fixtureFuzzSection(), footer))).toMatch(/line 1: expected the header record first, found kind "fuzz"/);
    expect(readError(jsonl(fixtureHeader(), fixtureHeader()))).toMatch(/line 2: a second header/);
    expect(readError(jsonl(fixtureHeader(), footer, fixtureFuzzSection()))).toMatch(/line 3: a record after the footer/);
  });

  test("an older probe section, whose one diffFromProfile list held gaps and error cells too, reads split", () => {
    const entry = (feature: string, documented: string, measured: string) => ({ mode: "m", feature, documented, measured });
    const old = { kind: "probe", provider: "openai", model: "gpt", emulated: true, measuredAt: "2025-01-01T00:00:00Z", modes: [], records: [], diffFromProfile: [entry("pattern", "enforced", "ignored"), entry("minLength", "unknown", "enforced"), entry("maxLength", "undocumented", "ignored"), entry("minimum", "ignored", "error")] };
    const [section] = parseResultsText(JSON.stringify(old), "old.json").document.sections as ProbeSection[];
    expect(section!.diffFromProfile).toEqual([entry("pattern", "enforced", "ignored")]);
    expect(section!.measuredWhereUnknown).toEqual([entry("minLength", "unknown", "enforced"), entry("maxLength", "undocumented", "ignored")]);
    // A section written split reads as it is.
    const split = { ...old, diffFromProfile: [], measuredWhereUnknown: [entry("minLength", "unknown", "enforced")] };
    expect((parseResultsText(JSON.stringify(split), "new.json").document.sections[0] as ProbeSection).measuredWhereUnknown).toEqual(split.measuredWhereUnknown);
  });

  test("a results version from a newer schemalab is refused", () => {
    expect(readError(jsonl(fixtureHeader({ resultsVersion: 99 }), footer))).toMatch(/line 1: results version 99 comes from a newer schemalab/);
  });

  test("a merged document without sections names what is missing", () => {
    const { sections: _sections, ...withoutSections } = buildFixtureDocument();
    expect(() => parseResultsText(JSON.stringify(withoutSections), "results.json")).toThrow("results.json: (top level): must have required property 'sections'");
  });

  test("a JSON value that is no results shape is refused", () => {
    expect(readError(JSON.stringify({ kind: "weather" }))).toMatch(/kind "weather" is not a results section/);
    expect(readError("   \n")).toBe("in.jsonl: is empty");
  });
});

describe("readResultsFile", () => {
  test("a missing file names the path", () => {
    expect(() => readResultsFile("/nonexistent/results.jsonl")).toThrow("/nonexistent/results.jsonl: cannot read (ENOENT)");
  });

  test("reads from disk with CRLF line ends", () => {
    const path = join(mkdtempSync(join(tmpdir(), "schemalab-read-")), "r.jsonl");
    writeFileSync(path, jsonl(fixtureHeader(), fixtureFuzzSection(), footer).replaceAll("\n", "\r\n"));
    expect(readResultsFile(path).document.sections).toHaveLength(1);
  });
});
