// Reads what `report` is given: a JSON Lines results file (complete or cut short), a merged
// results.json, or one verb's `--format json` section. Every record is checked against
// results.schema.json; a mismatch names the file, the line and the failing path.
import { readFileSync, statSync } from "node:fs";
import {
  RESULTS_VERSION,
  SECTION_KINDS,
  type ResultsDocument,
  type ResultsRecord,
  type RunFooter,
  type RunHeader,
  type Section,
} from "./model.js";
import { lineAndColumn } from "../schema/catalog-error.js";
import { jsonTextProblem } from "../schema/json-text-limits.js";
import { ResultsInputError } from "./results-input-error.js";
import { CompactCheckError, expandCheckSection, isCompactCheckSection } from "../check/compact-expand.js";
import { findSchemaViolation, type ResultsShape } from "./validate-results.js";
import { splitLegacyProfileDiff } from "./probe-legacy-split.js";

export interface ReadResults {
  readonly document: ResultsDocument;
  /** Things worth telling the user that do not stop the read (a partial run, a cut-off last line). */
  readonly warnings: readonly string[];
}

export function readResultsFile(path: string): ReadResults {
  let text: string;
  let modified: Date;
  try {
    text = readFileSync(path, "utf8");
    modified = statSync(path).mtime;
  } catch (error) {
    throw new ResultsInputError(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return parseResultsText(text, path, modified);
}

/** `file` names the source in errors; `modified` stands in for times a partial file or bare section lacks. */
export function parseResultsText(text: string, file: string, modified: Date = new Date(0)): ReadResults {
  if (text.trim() === "") throw new ResultsInputError(`${file}: is empty`);
  const problem = jsonTextProblem(text);
  if (problem) {
    const { line, column } = lineAndColumn(text, problem.offset);
    throw new ResultsInputError(`${file}:${line}:${column}: ${problem.reason}`);
  }
  const whole = tryParseJson(text);
  if (whole.ok && isObject(whole.value) && whole.value.kind !== "header") {
    return { document: readWholeJson(whole.value, file, modified), warnings: [] };
  }
  return readJsonLines(text, file, modified);
}

function readWholeJson(value: Record<string, unknown>, file: string, modified: Date): ResultsDocument {
  if (typeof value.kind === "string") {
    if (!(SECTION_KINDS as readonly string[]).includes(value.kind)) {
      throw new ResultsInputError(`${file}: kind ${JSON.stringify(value.kind)} is not a results section (${SECTION_KINDS.join(", ")})`);
    }
    const section = expanded(checked<Section>(value, "section", file), file);
    return { header: standInHeader(modified), sections: [section], footer: { kind: "footer", finishedAt: modified.toISOString(), complete: true } };
  }
  const document = checked<ResultsDocument>(value, "document", file);
  checkResultsVersion(document.header, file);
  return { ...document, sections: document.sections.map((section, index) => expanded(section, `${file} /sections/${index}`)) };
}

function readJsonLines(text: string, file: string, modified: Date): ReadResults {
  const lines = text.split("\n");
  const lastContentLine = findLastContentLine(lines);
  const warnings: string[] = [];
  let header: RunHeader | undefined;
  let footer: RunFooter | undefined;
  const sections: Section[] = [];
  for (let index = 0; index <= lastContentLine; index++) {
    const line = lines[index]!.trim();
    if (line === "") continue;
    const place = `${file} line ${index + 1}`;
    const parsed = tryParseJson(line);
    if (!parsed.ok) {
      // A writer killed mid-line leaves a last line without its newline: the run is partial, not broken.
      if (index === lastContentLine && !text.endsWith("\n")) {
        warnings.push(`${place}: cut off mid-line (the run was interrupted); ignored`);
        break;
      }
      throw new ResultsInputError(`${place}: not JSON (${parsed.error})`);
    }
    if (footer) throw new ResultsInputError(`${place}: a record after the footer`);
    const record = checked<ResultsRecord>(parsed.value, "record", place);
    if (!header) {
      if (record.kind !== "header") throw new ResultsInputError(`${place}: expected the header record first, found kind "${record.kind}"`);
      checkResultsVersion(record, place);
      header = record;
    } else if (record.kind === "header") {
      throw new ResultsInputError(`${place}: a second header`);
    } else if (record.kind === "footer") {
      footer = record;
    } else {
      sections.push(expanded(record, place));
    }
  }
  if (!header) throw new ResultsInputError(`${file}: no header record`);
  if (!footer) {
    warnings.push(`${file}: no footer, so the run did not finish; reading it as partial`);
    footer = { kind: "footer", finishedAt: modified.toISOString(), complete: false };
  }
  return { document: { header, sections, footer }, warnings };
}

function findLastContentLine(lines: readonly string[]): number {
  for (let index = lines.length - 1; index >= 0; index--) if (lines[index]!.trim() !== "") return index;
  return -1;
}

function checked<T>(value: unknown, shape: ResultsShape, place: string): T {
  const violation = findSchemaViolation(value, shape);
  if (violation) throw new ResultsInputError(`${place}: ${violation}`);
  return value as T;
}

/** A check section in the compact shape that files hold, as the one result per pair renderers read; an old probe section split. */
function expanded(section: Section, place: string): Section {
  if (section.kind === "probe") return splitLegacyProfileDiff(section);
  if (section.kind !== "check" || !isCompactCheckSection(section)) return section;
  try {
    return expandCheckSection(section);
  } catch (error) {
    if (error instanceof CompactCheckError) throw new ResultsInputError(`${place}: ${error.message}`);
    throw error;
  }
}

function checkResultsVersion(header: RunHeader, place: string): void {
  if (header.resultsVersion > RESULTS_VERSION) {
    throw new ResultsInputError(
      `${place}: results version ${header.resultsVersion} comes from a newer schemalab (this one reads up to ${RESULTS_VERSION})`,
    );
  }
}

/** A bare section carries no header: this one says so rather than inventing a run. */
function standInHeader(modified: Date): RunHeader {
  return {
    kind: "header",
    schemalab: "unknown",
    resultsVersion: RESULTS_VERSION,
    startedAt: modified.toISOString(),
    argv: [],
    node: "unknown",
    platform: "unknown",
  };
}

type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

function tryParseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
