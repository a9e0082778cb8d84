// `report --format sarif|github`: the CI surfaces, located in the catalog files the run read
// (from its catalog section, or --catalog).
import { existsSync, readFileSync } from "node:fs";
import { fromRoot } from "../package-root.js";
import { ciFindings } from "../report/ci-findings.js";
import type { ResultsDocument } from "../report/model.js";
import { sectionsOfKind } from "../report/model.js";
import { renderGithubAnnotations, renderSarif } from "../report/render-sarif.js";
import { locatorOf } from "../report/schema-locations.js";
import { loadCatalogFile } from "../schema/load-catalog.js";
import type { DeclaredSchema } from "../schema/types.js";

export const EXTRA_FORMATS = ["sarif", "github"] as const;
export type ExtraFormat = (typeof EXTRA_FORMATS)[number];

const version = (): string => (JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { version: string }).version;

async function declaredSchemas(document: ResultsDocument, catalogFiles: readonly string[]): Promise<DeclaredSchema[]> {
  const files = new Set([...catalogFiles, ...sectionsOfKind(document, "catalog").flatMap((section) => section.schemas.map((schema) => schema.file))]);
  const schemas: DeclaredSchema[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    try {
      schemas.push(...(await loadCatalogFile(file)));
    } catch {
      // unreadable now: its results are listed without a location
    }
  }
  return schemas;
}

export async function renderExtraFormat(document: ResultsDocument, format: ExtraFormat, catalogFiles: readonly string[] = []): Promise<string> {
  const locate = locatorOf(await declaredSchemas(document, catalogFiles));
  const findings = ciFindings(document);
  return format === "sarif" ? renderSarif(findings, locate, version()) : renderGithubAnnotations(findings, locate);
}
