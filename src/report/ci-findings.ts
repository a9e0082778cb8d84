// The results a CI surface shows (SARIF, workflow annotations), from check, compat and fuzz
// sections: one per problem, with its rule id (a feature id of the taxonomy, or compat's rule), a
// level, a message and the schema it is about with the JSON Pointer of the keyword inside it.
import type { ResultsDocument } from "./model.js";
import { sectionsOfKind } from "./model.js";
import { failsRun } from "../diff/adjudicate.js";
import { formatToolRuleFinding } from "../schema/sources/tool-rules.js";

export type CiLevel = "error" | "warning" | "note";

export interface CiFinding {
  readonly verb: "check" | "compat" | "fuzz";
  readonly ruleId: string;
  readonly level: CiLevel;
  readonly message: string;
  readonly schemaId: string;
  /** JSON Pointer inside the schema ("" for the schema itself). */
  readonly path: string;
}

const pointer = (path: string) => (path === "" || path.startsWith("/") ? path : path.startsWith("#") ? path.slice(1) : `/${path}`);

export function ciFindings(document: ResultsDocument): CiFinding[] {
  const findings: CiFinding[] = [];
  for (const section of sectionsOfKind(document, "check")) {
    const note = (id: string) => section.notes?.[id] ?? id;
    for (const finding of section.toolListFindings ?? []) {
      findings.push({ verb: "check", ruleId: finding.rule, level: finding.severity, schemaId: finding.schemaId, path: "", message: formatToolRuleFinding(finding) });
    }
    for (const result of section.results) {
      for (const rejected of result.rejected) {
        findings.push({ verb: "check", ruleId: rejected.feature, level: "error", schemaId: result.schemaId, path: pointer(rejected.path), message: `${result.target} rejects ${rejected.feature}: ${note(rejected.error)}` });
      }
      for (const obligation of result.obligations) {
        if (obligation.kind !== "validate-locally") continue;
        for (const path of obligation.paths.slice(0, 20)) {
          findings.push({ verb: "check", ruleId: "validate-locally", level: "warning", schemaId: result.schemaId, path: pointer(path), message: `${result.target} does not enforce this part: validate the answer locally (${note(obligation.note)})` });
        }
      }
    }
  }
  for (const section of sectionsOfKind(document, "compat")) {
    for (const result of section.results) {
      if (result.verdict === "compatible") continue;
      const level: CiLevel = result.verdict === "breaking" && !result.versionBumped ? "error" : "warning";
      for (const change of result.changes) {
        if (result.verdict === "breaking" && change.status === "unconfirmed") continue;
        findings.push({ verb: "compat", ruleId: change.kind, level, schemaId: result.schemaId, path: pointer(change.path), message: `${result.verdict} (${result.direction}, ${result.oldVersion ?? "?"} -> ${result.newVersion ?? "?"}): ${change.rule}; ${change.migration}` });
      }
    }
  }
  for (const section of sectionsOfKind(document, "fuzz")) {
    for (const finding of section.findings) {
      const level: CiLevel = failsRun(finding) ? (finding.adjudication === "candidate-wrong" ? "error" : "warning") : "note";
      findings.push({ verb: "fuzz", ruleId: finding.feature, level, schemaId: finding.schemaId, path: pointer(finding.path), message: `${section.validator} is ${finding.direction} on ${finding.feature} (${finding.adjudication}${finding.knownDivergence ? `, known divergence ${finding.knownDivergence}` : ""}); replay: ${finding.replay}` });
    }
  }
  return findings;
}
