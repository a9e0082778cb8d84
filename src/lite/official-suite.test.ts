// The official JSON-Schema-Test-Suite (each draft's required tests, plus optional/format) against
// lite, compiled in that draft's dialect. A group lite refuses at compile time (UnsupportedSchemaError)
// is skipped, with the keyword as reason; every other test must give the suite's verdict: zero failed
// and zero errored per dialect. Skips itself when the suite is not on disk.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compile, SUPPORTED_KEYWORDS, UnsupportedSchemaError, type CompileOptions, type Dialect, type Validate } from "./index.js";

interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface SuiteGroup {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteTest[];
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const suiteDir = resolve(repoRoot, process.env.JSON_SCHEMA_TEST_SUITE ?? join("..", "shared", "json-schema-test-suite"));
const SUITE_DIALECTS: readonly Dialect[] = ["draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"];
const only = process.env.LITE_SUITE_DIALECT;
const suiteFound = existsSync(join(suiteDir, "tests"));

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFilesUnder(path);
    return entry.name.endsWith(".json") ? [path] : [];
  });
}

/** remotes/ keyed by the URI the suite serves them at. */
function loadRemotes(): Record<string, unknown> {
  const remotesDir = join(suiteDir, "remotes");
  const remotes: Record<string, unknown> = {};
  for (const file of jsonFilesUnder(remotesDir)) {
    remotes[`http://localhost:1234/${relative(remotesDir, file).split(sep).join("/")}`] = JSON.parse(readFileSync(file, "utf8"));
  }
  return remotes;
}

// Skip reasons that are not "a keyword lite does not claim": a format it does not know, a remote
// document nobody provided (the 2020-12 metaschema), a custom metaschema (vocabularies).
const REFUSAL_KEYWORDS = new Set(["format", "$ref", "$schema"]);
const claimed = new Set([...SUPPORTED_KEYWORDS, "additionalItems", "dependencies", "id", "$recursiveRef", "$recursiveAnchor"]);

interface SuiteFile {
  readonly name: string;
  readonly groups: readonly SuiteGroup[];
  readonly options: CompileOptions;
}

function suiteFiles(dialect: Dialect): SuiteFile[] {
  const draftDir = join(suiteDir, "tests", dialect);
  const remotes = loadRemotes();
  const core = readdirSync(draftDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({
      name,
      // The core format.json tests the spec's default: format is an annotation.
      options: { remotes, dialect, formats: name === "format.json" ? "ignore" : "assert" } as const,
    }));
  const formats = readdirSync(join(draftDir, "optional", "format")).map((name) => ({ name: `optional/format/${name}`, options: { remotes, dialect } }));
  return [...core, ...formats].map(({ name, options }) => ({ name, options, groups: JSON.parse(readFileSync(join(draftDir, name), "utf8")) }));
}

function compileGroup(file: SuiteFile, group: SuiteGroup): Validate | UnsupportedSchemaError {
  try {
    return compile(group.schema, file.options);
  } catch (error) {
    if (error instanceof UnsupportedSchemaError) return error;
    throw error;
  }
}

function describeDialect(dialect: Dialect): void {
  const tally = { passed: 0, failed: 0, skippedGroups: 0, skippedTests: 0 };
  const skipped: string[] = [];
  for (const file of suiteFiles(dialect)) {
    describe(file.name, () => {
      for (const group of file.groups) {
        const validate = compileGroup(file, group);
        if (validate instanceof UnsupportedSchemaError) {
          tally.skippedGroups++;
          tally.skippedTests += group.tests.length;
          skipped.push(`${file.name} / ${group.description}: ${validate.message}`);
          it(`${group.description} — skipped, unsupported: ${validate.keyword}`, () => {
            expect(!claimed.has(validate.keyword) || REFUSAL_KEYWORDS.has(validate.keyword), validate.message).toBe(true);
          });
          continue;
        }
        it(group.description, () => {
          const wrong = group.tests.filter((test) => validate(test.data).valid !== test.valid);
          tally.passed += group.tests.length - wrong.length;
          tally.failed += wrong.length;
          expect(wrong.map((test) => `${test.description} (expected ${test.valid ? "valid" : "invalid"})`)).toEqual([]);
        });
      }
    });
  }
  afterAll(() => {
    const total = tally.passed + tally.failed + tally.skippedTests;
    console.log(
      `official suite ${dialect} (lite): ${tally.passed} passed, ${tally.failed} failed, ${tally.skippedTests} skipped (${tally.skippedGroups} groups), ` +
        `compliance ${((tally.passed / total) * 100).toFixed(2)}%\n  ` +
        skipped.join("\n  "),
    );
  });
}

describe.skipIf(!suiteFound)(`official JSON-Schema-Test-Suite at ${suiteDir}`, () => {
  for (const dialect of suiteFound ? SUITE_DIALECTS : []) {
    if (only !== undefined && only !== dialect) continue;
    describe(dialect, () => describeDialect(dialect));
  }
});

if (!suiteFound) it.skip(`official suite not found at ${suiteDir} (set JSON_SCHEMA_TEST_SUITE to its folder)`, () => {});
