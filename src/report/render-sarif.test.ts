// SARIF output validates against the official SARIF 2.1.0 schema and points at the keyword's line
// and column in a multi-line catalog; annotations carry the same places.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv04Module from "ajv-draft-04";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { loadCatalogFile } from "../schema/load-catalog.js";
import type { CiFinding } from "./ci-findings.js";
import { ciFindings } from "./ci-findings.js";
import { renderGithubAnnotations, renderSarif } from "./render-sarif.js";
import { locatorOf } from "./schema-locations.js";
import { fixtureFinding, fixtureFuzzSection, fixtureHeader } from "./test-support/fixture-document.js";

const Ajv04 = Ajv04Module as unknown as typeof Ajv04Module.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const sarifSchema = JSON.parse(readFileSync(join(import.meta.dirname, "test-support", "sarif", "sarif-schema-2.1.0.json"), "utf8"));

const CATALOG = `{
  "tools": [
    {
      "name": "create_event",
      "description": "Create an event",
      "input_schema": {
        "type": "object",
        "properties": {
          "title": { "type": "string" },
          "end": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": ["title"]
      }
    }
  ]
}
`;

function catalogFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "sarif-"));
  const file = join(dir, "calendar.json");
  writeFileSync(file, CATALOG);
  return file;
}

describe("SARIF", () => {
  it("validates against SARIF 2.1.0 and points each result at its keyword's line", async () => {
    const file = catalogFile();
    const declared = await loadCatalogFile(file);
    const schemaId = declared[0]!.id;
    const document = {
      header: fixtureHeader(),
      sections: [fixtureFuzzSection({ findings: [fixtureFinding({ schemaId, feature: "format:date-time", direction: "too-strict", path: "/properties/end/format", adjudication: "candidate-wrong" })] })],
      footer: { kind: "footer" as const, finishedAt: "2025-01-01T00:00:00Z", complete: true },
    };
    const findings = ciFindings(document);
    const compat: CiFinding = { verb: "compat", ruleId: "required-added", level: "error", message: "a property became required", schemaId, path: "/required" };
    const sarif = JSON.parse(renderSarif([...findings, compat], locatorOf(declared, join(file, "..")), "0.1.0"));
    const ajv = new Ajv04({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(sarifSchema);
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    const fuzz = sarif.runs.find((run: { tool: { driver: { name: string } } }) => run.tool.driver.name === "schemalab fuzz");
    expect(fuzz.results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: "calendar.json" }, region: { startLine: 12, startColumn: 13 } });
    expect(fuzz.tool.driver.rules[0]).toMatchObject({ id: "format:date-time", help: { text: expect.stringContaining("date-time") } });
    const compatRun = sarif.runs.find((run: { tool: { driver: { name: string } } }) => run.tool.driver.name === "schemalab compat");
    expect(compatRun.results[0].locations[0].physicalLocation.region).toEqual({ startLine: 15, startColumn: 9 });
    const annotations = renderGithubAnnotations(findings, locatorOf(declared, join(file, "..")));
    expect(annotations).toMatch(/^::error file=calendar\.json,line=12,col=13,title=schemalab fuzz%3A format%3Adate-time::/);
  });
});
