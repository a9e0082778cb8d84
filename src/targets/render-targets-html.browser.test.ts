// The targets matrix in a real headless Chromium: it renders from file:// with no network and no
// console errors, shows one column per target, its filters narrow rows and columns, a click shows the
// cell's citation, and hostile text in a profile stays text. Skips (saying so) where /usr/bin/chromium
// is absent; CI installs it with apt-get.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { matrixColumns, renderTargetsHtml } from "./render-targets-html.js";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
const SKIPPED = hasChromium ? "" : ` (skipped: ${CHROMIUM} is absent; apt-get install chromium)`;
if (!hasChromium) console.warn(`render-targets-html.browser.test${SKIPPED}`);

const HOSTILE = `<img src=x onerror="window.__pwned=1">"'&`;

describe.skipIf(!hasChromium)(`targets.html in headless Chromium${SKIPPED}`, () => {
  const documented = loadProfiles();
  const anthropic = documented.find((profile) => profile.provider === "anthropic")!;
  const strict = anthropic.modes.find((mode) => mode.mode === "messages.tools.strict")!;
  const measured: ProviderProfile = {
    ...anthropic,
    modes: [{ ...strict, features: { ...strict.features, pattern: { ...strict.features.pattern!, status: "ignored", quote: HOSTILE, evidence: "observed" } } }],
  };
  const columns = matrixColumns(documented, [measured]);
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), "schemalab-targets-html-")), "targets.html");
    writeFileSync(file, renderTargetsHtml(columns, "the test's profiles"));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"] });
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("request", (request) => {
      if (request.url() !== pathToFileURL(file).href) requests.push(request.url());
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector("body[data-rendered=true]", { state: "attached", timeout: 10_000 });
  }, 30_000);

  afterAll(async () => browser?.close());

  test("renders every target column and feature row, offline and without errors", async () => {
    expect(await page.locator("thead th[data-col]").count()).toBe(columns.length);
    expect(await page.locator("tbody tr").count()).toBe(75);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });

  test("filters narrow the columns and rows", async () => {
    await page.fill("#f-target", "openai-compatible/xai");
    const visible = await page.locator("thead th[data-col]:not(.hidden)").count();
    expect(visible).toBe(columns.filter((column) => column.target.includes("openai-compatible/xai")).length);
    await page.fill("#f-feature", "format:");
    expect(await page.locator("tbody tr:not(.hidden)").count()).toBe(14);
    await page.selectOption("#f-status", "rejected");
    expect(await page.locator("tbody tr:not(.hidden)").count()).toBe(0);
    await page.fill("#f-target", "");
    await page.fill("#f-feature", "");
    await page.selectOption("#f-status", "");
    await page.uncheck("#f-measured");
    expect(await page.locator("thead th[data-col]:not(.hidden)").count()).toBe(columns.length - 1);
    await page.check("#f-measured");
  });

  test("a click shows the cell's source, quote, date and evidence; hostile text stays text", async () => {
    const cell = page.locator('tbody tr[data-feature="pattern"] td.c-observed').first();
    await cell.click();
    const detail = await page.locator("#detail").innerText();
    expect(detail).toContain("anthropic:messages.tools.strict (measured)");
    expect(detail).toContain(HOSTILE);
    expect(detail).toMatch(/source: https:\/\/platform\.claude\.com/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
