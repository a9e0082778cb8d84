// Writes the four reports of one results document side by side: results.json (the merged
// document), summary.md (job summary / PR comment), index.html (the page), junit.xml (CI tabs).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResultsDocument } from "./model.js";
import { renderHtml } from "./render-html.js";
import { renderJson } from "./render-json.js";
import { renderJunit } from "./render-junit.js";
import { renderMarkdown } from "./render-markdown.js";

export type ReportFormat = "json" | "md" | "html" | "junit";

export const REPORT_FORMATS: readonly ReportFormat[] = ["md", "html", "json", "junit"];

export const REPORT_FILES: Readonly<Record<ReportFormat, string>> = {
  json: "results.json",
  md: "summary.md",
  html: "index.html",
  junit: "junit.xml",
};

const RENDERERS: Readonly<Record<ReportFormat, (document: ResultsDocument) => string>> = {
  json: renderJson,
  md: renderMarkdown,
  html: renderHtml,
  junit: renderJunit,
};

export function renderReport(document: ResultsDocument, format: ReportFormat): string {
  return RENDERERS[format](document);
}

/** Writes every format into `outDir` (created if needed); returns the written paths by format. */
export function writeReports(document: ResultsDocument, outDir: string): Record<ReportFormat, string> {
  mkdirSync(outDir, { recursive: true });
  const paths = {} as Record<ReportFormat, string>;
  for (const format of REPORT_FORMATS) {
    paths[format] = join(outDir, REPORT_FILES[format]);
    writeFileSync(paths[format], renderReport(document, format));
  }
  return paths;
}
