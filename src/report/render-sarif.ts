// SARIF 2.1.0 for code scanning: one run per verb (check, compat, fuzz), each result at the file,
// line and column of the schema keyword it is about; rules are feature ids with their summary as help.
import { FEATURES } from "../schema/features.js";
import type { CiFinding } from "./ci-findings.js";
import type { Locate } from "./schema-locations.js";

const SUMMARIES = new Map(FEATURES.map((feature) => [feature.id, feature.summary] as const));
const HELP_URI = "https://github.com/schemalab/schemalab/blob/main/docs/";
const VERB_HELP: Record<CiFinding["verb"], string> = {
  check: "The target provider and mode rejects or does not enforce this part of the schema.",
  compat: "A value one version of the schema accepts and the other rejects.",
  fuzz: "The candidate validator and the reference disagree on values of this feature.",
};

function ruleOf(verb: CiFinding["verb"], id: string) {
  const summary = SUMMARIES.get(id) ?? (id === "validate-locally" ? "the provider does not enforce this part: validate answers locally" : id);
  return {
    id,
    name: id.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : "")),
    shortDescription: { text: summary },
    fullDescription: { text: `${summary}. ${VERB_HELP[verb]}` },
    help: { text: `${VERB_HELP[verb]} Feature: ${id} (${summary}). See docs/${verb}.md.`, markdown: `${VERB_HELP[verb]} Feature \`${id}\`: ${summary}. See [docs/${verb}.md](${HELP_URI}${verb}.md).` },
    helpUri: `${HELP_URI}${verb}.md`,
  };
}

export function renderSarif(findings: readonly CiFinding[], locate: Locate, version: string): string {
  const verbs: CiFinding["verb"][] = ["check", "compat", "fuzz"];
  const runs = verbs.map((verb) => {
    const mine = findings.filter((finding) => finding.verb === verb);
    const ruleIds = [...new Set(mine.map((finding) => finding.ruleId))].sort();
    return {
      tool: { driver: { name: `schemalab ${verb}`, version, informationUri: `${HELP_URI}${verb}.md`, rules: ruleIds.map((id) => ruleOf(verb, id)) } },
      results: mine.map((finding) => {
        const where = locate(finding.schemaId, finding.path);
        return {
          ruleId: finding.ruleId,
          ruleIndex: ruleIds.indexOf(finding.ruleId),
          level: finding.level,
          message: { text: `${finding.schemaId}${finding.path ? ` at ${finding.path}` : ""}: ${finding.message}` },
          ...(where ? { locations: [{ physicalLocation: { artifactLocation: { uri: where.file }, region: { startLine: where.line, startColumn: where.column } } }] } : {}),
          partialFingerprints: { schemalabFinding: `${verb}/${finding.schemaId}/${finding.ruleId}/${finding.path}` },
        };
      }),
    };
  });
  return `${JSON.stringify({ $schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0", runs }, null, 2)}\n`;
}

/** GitHub workflow commands: `::error file=F,line=L,col=C,title=T::message`, one per finding. */
export function renderGithubAnnotations(findings: readonly CiFinding[], locate: Locate): string {
  const escapeData = (text: string) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
  const escapeProperty = (text: string) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
  return findings
    .map((finding) => {
      const where = locate(finding.schemaId, finding.path);
      const command = finding.level === "note" ? "notice" : finding.level;
      const properties = [...(where ? [`file=${escapeProperty(where.file)}`, `line=${where.line}`, `col=${where.column}`] : []), `title=${escapeProperty(`schemalab ${finding.verb}: ${finding.ruleId}`)}`];
      return `::${command} ${properties.join(",")}::${escapeData(`${finding.schemaId}${finding.path ? ` at ${finding.path}` : ""}: ${finding.message}`)}\n`;
    })
    .join("");
}
