import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { PAGE_SCRIPT } from "./html-page-script.js";
import { jsonForScriptElement, renderHtml } from "./render-html.js";
import { buildFixtureDocument, HOSTILE_SCHEMA_ID } from "./test-support/fixture-document.js";

function dataIsland(html: string): string {
  const match = html.match(/<script type="application\/json" id="schemalab-data">([^]*?)<\/script>/);
  if (!match) throw new Error("no data island");
  return match[1]!;
}

describe("renderHtml", () => {
  const html = renderHtml(buildFixtureDocument());

  test("the data island has no markup characters and parses back to the data", () => {
    const island = dataIsland(html);
    expect(island).not.toMatch(/[<>&]/);
    const data = JSON.parse(island) as { sections: { schemas?: { schemaId: string }[] }[] };
    expect(data.sections[0]!.schemas!.map((s) => s.schemaId)).toContain(HOSTILE_SCHEMA_ID);
  });

  test("the only script end tags are the two the page writes", () => {
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(PAGE_SCRIPT).not.toMatch(/<\/script|<!--/i);
  });

  test("the Content-Security-Policy allows exactly the page script and no network", () => {
    const hash = createHash("sha256").update(PAGE_SCRIPT).digest("base64");
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain(`<script>${PAGE_SCRIPT}</script>`);
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
  });

  test("probe cells travel once (in the matrix) and raw records stay out; their count stays in", () => {
    const island = JSON.parse(dataIsland(html)) as { sections: Record<string, unknown>[]; matrix: { columns: unknown[] } };
    const probes = island.sections.filter((s) => s.kind === "probe");
    expect(probes.map((p) => Object.keys(p).sort())[0]).toEqual(["emulated", "kind", "measuredAt", "model", "profileLine", "provider", "recordCount"]);
    expect(probes.every((p) => p.recordCount === 1)).toBe(true);
    expect(island.matrix.columns).toHaveLength(5);
  });

  test("the page tells a contradiction from a cell measured where the profile says unknown", () => {
    const island = JSON.parse(dataIsland(html)) as { sections: Record<string, unknown>[]; matrix: { columns: { differsFromProfile: Record<string, string>; newToProfile: Record<string, string> }[] } };
    const first = island.matrix.columns[0]!;
    expect(Object.values(first.differsFromProfile)).toEqual(["enforced"]);
    expect(Object.values(first.newToProfile)).toEqual(["unknown"]);
    expect(island.sections.find((s) => s.kind === "probe")!.profileLine).toMatch(/^1 measured where the profile says unknown, 1 contradicts the profile, \d+ not measured \(error\)$/);
    expect(PAGE_SCRIPT).toContain('"new: profile "');
  });

  test("jsonForScriptElement escapes what could end the element or break the script", () => {
    const text = jsonForScriptElement({ a: "</script><!--&\u2028\u2029" });
    expect(text).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(text)).toEqual({ a: "</script><!--&\u2028\u2029" });
  });
});
