import { describe, expect, test } from "vitest";
import { renderJson } from "./render-json.js";
import { parseResultsText } from "./read-results.js";
import { buildFixtureDocument, fixtureFuzzSection, fixtureHeader } from "./test-support/fixture-document.js";

describe("renderJson", () => {
  test("reads back as the same document", () => {
    const document = buildFixtureDocument();
    expect(parseResultsText(renderJson(document), "results.json").document).toEqual(document);
  });

  test("key order does not depend on how the document was built, except inside user data", () => {
    const section = fixtureFuzzSection();
    const shuffled = Object.fromEntries(Object.entries(section).reverse()) as typeof section;
    const header = fixtureHeader();
    const footer = { kind: "footer" as const, finishedAt: "x", complete: true };
    const text = renderJson({ header, sections: [shuffled], footer });
    expect(text).toBe(renderJson({ header, sections: [section], footer }));
    expect(text.indexOf('"kind": "fuzz"')).toBeLessThan(text.indexOf('"cases"'));
    // The example schema keeps `type` before `multipleOf`, as the catalog wrote it.
    expect(text).toMatch(/"schema": \{\n\s+"type": "number",\n\s+"multipleOf": 0\.25/);
    expect(text.endsWith("}\n")).toBe(true);
  });
});
