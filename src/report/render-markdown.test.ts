import { describe, expect, test } from "vitest";
import { codeBlock, markdownText } from "./markdown-text.js";
import type { ResultsDocument } from "./model.js";
import { renderMarkdown } from "./render-markdown.js";
import { buildFixtureDocument, fixtureCheckSection, fixtureFinding, fixtureFuzzSection, fixtureHeader } from "./test-support/fixture-document.js";

const GITHUB_COMMENT_LIMIT = 65_536;

describe("renderMarkdown", () => {
  const markdown = renderMarkdown(buildFixtureDocument());

  test("regressions come first, before the headline numbers and details", () => {
    const regressions = markdown.indexOf("### ❌ 2 regressions since reports/baseline.json");
    expect(regressions).toBeGreaterThan(0);
    expect(regressions).toBeLessThan(markdown.indexOf("| area | result |"));
    expect(markdown.indexOf("pattern moved away from enforced")).toBeLessThan(markdown.indexOf("<details>"));
    // The non-regression drift only shows in the folded list of all changes.
    expect(markdown.indexOf("check verdict improved")).toBeGreaterThan(markdown.indexOf("All changes since the baseline (4)"));
  });

  test("headline numbers for every section kind", () => {
    expect(markdown).toContain("| Fuzz: lite vs ajv&#64;8.20.0 (draft 2020-12, ajv-formats 3.0.1), seed 42 | 4,000 cases · 3 findings (1 candidate-wrong · 1 undecided · 1 reference-wrong) · 1 unsupported |");
    expect(markdown).toMatch(/\| Conformance: lite \| \d+\.\d% compliance · \d+ passed · 4 failed · 12 skipped · 1 errored \|/);
    expect(markdown).toMatch(/\| Probe: openai-compatible llama-3\.1-8b-instruct json\\_schema \(live\) \| 4 enforced · 1 ignored · 1 altered \|/);
    expect(markdown).toContain("| Check (documented profiles) | 0 of 3 target(s) take the catalog · 3 native · 3 translated · 3 needs-local-validation · 3 rejected |");
    expect(markdown).toContain("| Dispatch: reference | 8 passed · 1 failed |");
    expect(markdown).toContain("| Compat | 1 breaking · 1 undetermined · 1 compatible |");
  });

  test("the matrix and the run list tell contradictions from cells the profile left unknown", () => {
    expect(markdown).toContain("(documented enforced)");
    expect(markdown).toContain("(new: profile unknown)");
    expect(markdown).toContain("1 measured where the profile says unknown, 1 contradicts the profile");
  });

  test("a partial run is flagged at the top", () => {
    const partial = renderMarkdown(buildFixtureDocument({ complete: false }));
    expect(partial.split("\n")[2]).toMatch(/^> \*\*⚠️ Partial run:\*\*/);
    expect(markdown).not.toContain("Partial run");
  });

  test("says so when a baseline brought no regressions, and says nothing of drift without a baseline", () => {
    const clean = buildFixtureDocument();
    const noRegressions: ResultsDocument = { ...clean, drift: { baseline: "base.json", items: clean.drift!.items.filter((d) => !d.regression) } };
    expect(renderMarkdown(noRegressions)).toContain("### ✅ No regressions since base.json");
    expect(renderMarkdown(buildFixtureDocument({ drift: false }))).not.toMatch(/regression|baseline/i);
  });

  test("user text cannot inject markup, links, table cells or mentions", () => {
    expect(markdown).not.toMatch(/<script|<img|<b>|@here/);
    expect(markdown).toContain("evil&lt;/script&gt;&lt;script&gt;alert(\"x\")&lt;/script&gt;&amp;&lt;b&gt;");
    expect(markdownText("a|b [x](y) `c` *d*\nnext")).toBe("a\\|b \\[x\\](y) \\`c\\` \\*d\\* next");
  });

  test("an empty document still renders its run block", () => {
    const empty: ResultsDocument = { header: fixtureHeader(), sections: [], footer: { kind: "footer", finishedAt: "later", complete: true } };
    const text = renderMarkdown(empty);
    expect(text).toContain("No results sections.");
    expect(text).toContain("<details><summary>Run</summary>");
  });

  test("a huge run still fits a PR comment: tables are capped with a pointer to index.html", () => {
    const findings = Array.from({ length: 3000 }, (_, i) => fixtureFinding({ id: `f${i}`, explanation: "x".repeat(500) }));
    const check = fixtureCheckSection();
    const results = Array.from({ length: 40 }, () => check.results).flat().map((r, i) => ({ ...r, schemaId: `s${i}` }));
    const base = buildFixtureDocument();
    const drift = Array.from({ length: 2000 }, (_, i) => ({ ...base.drift!.items[0]!, key: `k${i}` }));
    const huge: ResultsDocument = {
      ...base,
      sections: [...base.sections.filter((s) => s.kind !== "fuzz" && s.kind !== "check"), fixtureFuzzSection({ findings }), { ...check, results }],
      drift: { baseline: "b", items: drift },
    };
    const text = renderMarkdown(huge);
    expect(text.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    expect(text).toContain("…and 2960 more in index.html.");
  });

  test("summary.md stays under 60,000 characters whatever the catalog size, pointing to index.html (issue 22)", () => {
    const check = fixtureCheckSection();
    const longNote = Object.fromEntries(Object.entries(check.notes).map(([id, text]) => [id, `${text} ${"because ".repeat(120)}`]));
    // Many targets, each blocked by many schemas, with long reasons: the per-target table itself is large.
    const targets = Array.from({ length: 40 }, (_, i) => ({ ...check.targets[0]!, target: `provider:mode.${i}`, blockers: Array.from({ length: 500 }, (_, j) => ({ schemaId: `schema-${j}`, reason: check.targets[0]!.blockers[0]!.reason })) }));
    const results = Array.from({ length: 2000 }, () => check.results).flat().map((r, i) => ({ ...r, schemaId: `s${i}` }));
    const base = buildFixtureDocument();
    const big: ResultsDocument = { ...base, sections: [...base.sections.filter((s) => s.kind !== "check"), { ...check, notes: longNote, targets, results }] };
    const text = renderMarkdown(big);
    expect(text.length).toBeLessThan(60_000);
    expect(text).toContain("index.html");
    expect(text).toContain("Check, documented profiles: can the catalog go there?");
  });
});

describe("codeBlock", () => {
  test("a fence longer than any backtick run inside", () => {
    expect(codeBlock("a ``` b")).toBe("````\na ``` b\n````");
  });
});
