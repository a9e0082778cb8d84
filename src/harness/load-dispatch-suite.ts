// suites/dispatch: suite.json names the catalogs whose tools the fixtures call; one folder per wire
// format holds the fixture files.
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fromRoot } from "../package-root.js";
import { loadCatalogs } from "../schema/index.js";
import { DispatchFixtureError, readDispatchFixture, type DispatchFixture } from "./dispatch-fixture.js";
import type { ToolDeclaration } from "./spy-tools.js";
import { WIRE_FORMATS } from "./wire-format.js";

export const DISPATCH_SUITE_DIR = fromRoot("suites", "dispatch");

export interface DispatchSuite {
  readonly dir: string;
  readonly tools: readonly ToolDeclaration[];
  readonly fixtures: readonly DispatchFixture[];
}

export async function loadDispatchSuite(dir: string = DISPATCH_SUITE_DIR): Promise<DispatchSuite> {
  const tools = await loadSuiteTools(dir);
  const fixtures: DispatchFixture[] = [];
  for (const provider of WIRE_FORMATS) {
    const folder = join(dir, provider);
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((entry) => entry.endsWith(".json")).sort()) fixtures.push(await readDispatchFixture(join(folder, name)));
  }
  if (fixtures.length === 0) throw new DispatchFixtureError(dir, "", `no fixtures in any of ${WIRE_FORMATS.join(", ")}/`);
  return { dir, tools, fixtures };
}

async function loadSuiteTools(dir: string): Promise<ToolDeclaration[]> {
  const file = join(dir, "suite.json");
  let suite: { catalogs?: unknown };
  try {
    suite = JSON.parse(await readFile(file, "utf8")) as { catalogs?: unknown };
  } catch (error) {
    throw new DispatchFixtureError(file, "", `cannot read it as JSON (${(error as Error).message})`);
  }
  const catalogs = suite.catalogs;
  if (!Array.isArray(catalogs) || !catalogs.every((entry) => typeof entry === "string")) throw new DispatchFixtureError(file, "/catalogs", "expected an array of catalog paths");
  const declared = await loadCatalogs(catalogs.map((entry) => resolve(dir, entry)));
  return declared
    .filter((schema) => schema.role === "tool-input" && typeof schema.schema === "object")
    .map((schema) => ({ name: schema.name, description: schema.description ?? "", inputSchema: schema.schema as Record<string, unknown> }));
}
