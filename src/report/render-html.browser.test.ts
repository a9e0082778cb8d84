// The HTML report in a real headless Chromium: it renders from file:// with no network and no
// console errors, the matrix has every cell, the filters work, copy buttons copy, hostile text
// stays text. The JUnit report and the XML escaper are checked with the browser's XML parser.
// Skips (saying so) where /usr/bin/chromium is absent; CI installs it with apt-get in .ci/run.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildCapabilityMatrix } from "./capability-matrix.js";
import { renderHtml } from "./render-html.js";
import { renderJunit } from "./render-junit.js";
import { buildFixtureDocument } from "./test-support/fixture-document.js";
import { escapeXmlAttribute, escapeXmlText, stripInvalidXmlChars } from "./xml-escape.js";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
const SKIPPED = hasChromium ? "" : ` (skipped: ${CHROMIUM} is absent; apt-get install chromium)`;
if (!hasChromium) console.warn(`render-html.browser.test${SKIPPED}`);

const SCREENSHOT = join(import.meta.dirname, "../../.tmp/report.png");

describe.skipIf(!hasChromium)(`index.html in headless Chromium${SKIPPED}`, () => {
  const document = buildFixtureDocument({ complete: false });
  const matrix = buildCapabilityMatrix(document);
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "schemalab-html-"));
    const file = join(dir, "index.html");
    writeFileSync(file, renderHtml(document));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"],
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(String(error)));
    page.on("request", (request) => {
      if (request.url() !== pathToFileURL(file).href) requests.push(request.url());
    });
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector("body[data-rendered=true]", { state: "attached", timeout: 10_000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("renders the matrix with every cell, emulated and live columns labelled", async () => {
    const rows = await page.locator("#matrix-table tbody tr").count();
    expect(rows).toBe(matrix.features.length);
    expect(await page.locator("#matrix-table tbody td").count()).toBe(matrix.features.length * matrix.columns.length);
    const badges = await page.locator("#matrix-table thead .badge").allTextContents();
    expect(badges).toEqual(matrix.columns.map((c) => (c.emulated ? "emulated" : "live")));
    // Taxonomy order: the first row is the taxonomy's first feature; ids outside it come last.
    expect(await page.locator("#matrix-table tbody tr").first().getAttribute("data-feature")).toBe("type:string");
    expect(await page.locator("#matrix-table tbody tr").last().getAttribute("data-feature")).toBe("x-vendor:grammar");
    // Each cell says its status in words, not only in colour.
    const firstCell = await page.locator("#matrix-table tbody td").first().textContent();
    expect(firstCell).toMatch(/enforced|ignored|rejected|altered|error|—/);
  });

  test("the feature, status and provider filters hide rows and columns", async () => {
    const visibleRows = () => page.locator("#matrix-table tbody tr:not([hidden])");
    await page.fill("#feature-filter", "format:");
    const formatRows = matrix.features.filter((f) => f.includes("format:")).length;
    expect(await visibleRows().count()).toBe(formatRows);
    expect(await page.locator("#matrix-count").textContent()).toBe(`Showing ${formatRows} of ${matrix.features.length} features`);

    await page.fill("#feature-filter", "");
    await page.selectOption("#status-filter", "rejected");
    const rejectedRows = matrix.features.filter((f) => matrix.columns.some((c) => c.cells[f]?.status === "rejected")).length;
    expect(await visibleRows().count()).toBe(rejectedRows);
    expect(rejectedRows).toBeLessThan(matrix.features.length);

    await page.selectOption("#status-filter", "");
    await page.selectOption("#provider-filter", "anthropic");
    expect(await page.locator("#matrix-table thead th[data-provider]:not([hidden])").count()).toBe(1);
    expect(await page.locator("#matrix-table tbody tr").first().locator("td:not([hidden])").count()).toBe(1);
    await page.selectOption("#provider-filter", "");
    expect(await visibleRows().count()).toBe(matrix.features.length);
  });

  test("every replay line has a copy button, and it copies the line", async () => {
    const fuzz = document.sections.find((s) => s.kind === "fuzz")!;
    const compat = document.sections.find((s) => s.kind === "compat")!;
    const replays = fuzz.findings.length + fuzz.disagreements.length + compat.results.filter((r) => r.counterexample).length;
    expect(await page.locator(".replay button.copy").count()).toBe(replays);
    const button = page.locator(".finding .replay button.copy").first();
    expect(await button.getAttribute("aria-label")).toBe(`Copy the replay command for finding ${fuzz.findings[0]!.id}`);
    await button.click();
    await expect.poll(() => page.locator("#status").textContent()).toBe("Copied to the clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fuzz.findings[0]!.replay);
  });

  test("hostile text renders as text: no injected element, dialog or request", async () => {
    expect(await page.locator(".finding h4", { hasText: 'evil</script><script>alert("x")</script>&<b>' }).count()).toBe(1);
    expect(await page.locator("main img, main script, main b").count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(requests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("shows the partial-run banner, drift and the run metadata", async () => {
    expect(await page.locator(".banner.partial").textContent()).toMatch(/Partial run/);
    expect(await page.locator(".banner.regression").textContent()).toBe("2 regressions since reports/baseline.json");
    expect(await page.locator("#drift tbody tr").count()).toBe(document.drift!.items.length);
    expect(await page.locator("#run dl").textContent()).toContain("live at http://127.0.0.1:8080/v1");
    // The per-target answer (3 targets) comes before the schema × target table (4 schemas) (issue 22).
    expect(await page.locator("#check tbody tr").count()).toBe(3 + 4);
    expect(await page.locator("#conformance tbody tr").count()).toBe(10);
  });

  test("screenshot for a human look", async () => {
    mkdirSync(join(SCREENSHOT, ".."), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
  });

  test("the JUnit report is well-formed XML to the browser's parser", async () => {
    const xml = renderJunit(document);
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return { errors: doc.getElementsByTagName("parsererror").length, testcases: doc.getElementsByTagName("testcase").length };
    }, xml);
    expect(parsed.errors).toBe(0);
    expect(parsed.testcases).toBe((xml.match(/<testcase /g) ?? []).length);
  });

  test("escaped text and attributes parse back to the original in a real XML parser", async () => {
    const samples = fc.sample(fc.string({ unit: "binary", maxLength: 30 }), { numRuns: 300, seed: 7 }).concat(["\r\n\t<&>\"'", "\uD800x\uDFFF", "]]>"]);
    const xml = `<r>${samples.map((s) => `<t a="${escapeXmlAttribute(s)}" b='${escapeXmlAttribute(s)}'>${escapeXmlText(s)}</t>`).join("")}</r>`;
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      if (doc.getElementsByTagName("parsererror").length) return null;
      return Array.from(doc.getElementsByTagName("t"), (t) => [t.getAttribute("a"), t.getAttribute("b"), t.textContent]);
    }, xml);
    expect(parsed).not.toBeNull();
    expect(parsed).toEqual(samples.map((s) => [stripInvalidXmlChars(s), stripInvalidXmlChars(s), stripInvalidXmlChars(s)]));
  });
});

describe.skipIf(!hasChromium)(`index.html of an empty document in headless Chromium${SKIPPED}`, () => {
  test("renders without errors: absent sections and empty arrays are fine", async () => {
    const empty = { ...buildFixtureDocument({ drift: false }), sections: [] };
    const file = join(mkdtempSync(join(tmpdir(), "schemalab-html-empty-")), "index.html");
    writeFileSync(file, renderHtml(empty));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector("body[data-rendered=true]", { state: "attached", timeout: 10_000 });
      expect(errors).toEqual([]);
      expect(await page.locator("#matrix .empty").textContent()).toBe("No probe results in this run.");
      expect(await page.locator("nav a").allTextContents()).toEqual(["Capability matrix", "Run"]);
    } finally {
      await browser.close();
    }
  });
});
