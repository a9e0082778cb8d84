// schemalab/lite/core against the official suite's draft 2020-12 tests: every group it compiles
// gives the suite's verdict on every test, and every group it refuses where the full entry compiles
// is refused for one of core's three named reasons (a format without a checker, a pattern it cannot
// run in linear time on the native RegExp, another dialect's $schema). Skips without the suite.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { compile as compileCore } from "./core.js";
import { compile as compileFull, UnsupportedSchemaError, type Validate } from "./index.js";

const suiteDir = process.env.JSON_SCHEMA_TEST_SUITE ?? fromRoot("..", "shared", "json-schema-test-suite");
const draftDir = join(suiteDir, "tests", "draft2020-12");
const found = existsSync(draftDir);

interface Group {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly { readonly description: string; readonly data: unknown; readonly valid: boolean }[];
}

function remotes(): Record<string, unknown> {
  const dir = join(suiteDir, "remotes");
  const all: Record<string, unknown> = {};
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".json")) all[`http://localhost:1234/${relative(dir, path).split(sep).join("/")}`] = JSON.parse(readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return all;
}

function attempt(compile: () => Validate): Validate | UnsupportedSchemaError {
  try {
    return compile();
  } catch (error) {
    if (error instanceof UnsupportedSchemaError) return error;
    throw error;
  }
}

// Core's refusals beyond the full entry's, by keyword (format: no checker; pattern: not surely linear natively).
const CORE_REFUSALS = new Set(["format", "pattern", "patternProperties", "$schema"]);

describe.skipIf(!found)("schemalab/lite/core on the official draft 2020-12 suite", () => {
  it("gives the suite's verdict wherever it compiles, and refuses only by its named reasons", () => {
    const options = { remotes: found ? remotes() : {} };
    const tally = { passed: 0, refusedTests: 0 };
    const wrong: string[] = [];
    const refusals = new Map<string, number>();
    for (const name of found ? readdirSync(draftDir).filter((file) => file.endsWith(".json")) : []) {
      for (const group of JSON.parse(readFileSync(join(draftDir, name), "utf8")) as Group[]) {
        const full = attempt(() => compileFull(group.schema, options));
        if (full instanceof UnsupportedSchemaError) continue;
        const core = attempt(() => compileCore(group.schema, options));
        if (core instanceof UnsupportedSchemaError) {
          expect(CORE_REFUSALS.has(core.keyword), `${name} / ${group.description}: ${core.message}`).toBe(true);
          refusals.set(core.keyword, (refusals.get(core.keyword) ?? 0) + 1);
          tally.refusedTests += group.tests.length;
          continue;
        }
        for (const test of group.tests) {
          if (core(test.data).valid === test.valid) tally.passed++;
          else wrong.push(`${name} / ${group.description} / ${test.description}`);
        }
      }
    }
    console.log(`official suite draft2020-12 (lite/core): ${tally.passed} passed, ${wrong.length} failed, ${tally.refusedTests} refused by name (groups by keyword: ${JSON.stringify(Object.fromEntries(refusals))})`);
    expect(wrong).toEqual([]);
    expect(tally.passed).toBeGreaterThan(1000);
  });
});

if (!found) it.skip(`official suite not found at ${suiteDir} (set JSON_SCHEMA_TEST_SUITE to its folder)`, () => {});
