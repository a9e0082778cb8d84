// The TypeScript examples of docs/api.md and docs/arbitraries.md run as tests. A fenced block whose
// info string is `ts vitest-example` is a whole vitest test file, written as a user writes it
// (imports from "schemalab", "schemalab/arbitraries"...): its package imports are pointed at this
// repository's sources, it is written under reports/tmp/ and imported here, so its tests run in this file.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../package-root.js";

const PAGES = ["docs/api.md", "docs/arbitraries.md"];
const ENTRIES: Readonly<Record<string, string>> = {
  schemalab: "src/index.ts",
  "schemalab/arbitraries": "src/arbitraries/index.ts",
  "schemalab/types": "src/types.ts",
  "schemalab/lite": "src/lite/index.ts",
  "schemalab/lite/core": "src/lite/core.ts",
};

export function examplesOf(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts vitest-example\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

const folder = join(PACKAGE_ROOT, "reports", "tmp", `doc-examples-${process.pid}`);
mkdirSync(folder, { recursive: true });
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function pointedAtSources(code: string, file: string): string {
  return code.replace(/from "(schemalab(?:\/[a-z/]+)?)"/g, (whole, entry: string) => {
    const target = ENTRIES[entry];
    if (target === undefined) throw new Error(`${file}: the example imports ${entry}, which is not an entry point`);
    return `from ${JSON.stringify(relative(folder, join(PACKAGE_ROOT, target)).replace(/\.ts$/, ".js"))}`;
  });
}

for (const page of PAGES) {
  const examples = examplesOf(readFileSync(join(PACKAGE_ROOT, page), "utf8"));
  it(`${page} has runnable examples`, () => expect(examples.length).toBeGreaterThan(0));
  for (const [index, code] of examples.entries()) {
    const file = join(folder, `${page.replace(/\W/g, "-")}-${index + 1}.ts`);
    writeFileSync(file, pointedAtSources(code, page));
    await describe(`${page} example ${index + 1}`, async () => {
      await import(file);
    });
  }
}
