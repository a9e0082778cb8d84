// core's linearity scan (native-linear.ts) against its frozen copy as of main fa838b9
// (test-support/native-linear-reference.ts): the same rule for every pattern, so the same
// patterns accepted and refused, with the same refusal texts. Patterns from the repository's
// pattern tests, the official suite, GitHub's OpenAPI description (when on disk), and random ones.
import fc from "fast-check";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileNativePattern, linearBy } from "./native-linear.js";
import * as reference from "./test-support/native-linear-reference.js";
import { patternOf } from "./test-support/backtracking-steps.js";

const here = dirname(fileURLToPath(import.meta.url));
const shared = process.env.SCHEMALAB_SHARED_DIR ?? resolve(here, "..", "..", "..", "..", "shared");
const suiteDir = process.env.JSON_SCHEMA_TEST_SUITE ?? join(shared, "json-schema-test-suite");

const isPattern = (source: string) => {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
};

/** Every string under a "pattern" key and every key of a "patternProperties" map, anywhere in `value`. */
function patternsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) patternsIn(item, into);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "pattern" && typeof item === "string") into.add(item);
      if (key === "patternProperties" && typeof item === "object" && item !== null) for (const name of Object.keys(item)) into.add(name);
      patternsIn(item, into);
    }
  }
  return into;
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith(".json") ? [path] : [];
  });
}

/** String literals of the pattern tests (their ACCEPTED/REFUSED lists and ReDoS cases). */
function literalsOfPatternTests(): string[] {
  return readdirSync(here)
    .filter((name) => name.endsWith(".test.ts"))
    .flatMap((name) => [...readFileSync(join(here, name), "utf8").matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string));
}

function corpus(): string[] {
  const found = new Set<string>(literalsOfPatternTests());
  for (const file of jsonFiles(join(suiteDir, "tests"))) patternsIn(JSON.parse(readFileSync(file, "utf8")), found);
  const github = join(shared, "corpora", "github-openapi", "api.github.com.json");
  if (existsSync(github)) patternsIn(JSON.parse(readFileSync(github, "utf8")), found);
  return [...found].filter(isPattern);
}

const same = (source: string) => {
  expect(linearBy(source), source).toBe(reference.linearBy(source));
  expect(compileNativePattern(source), source).toEqual(reference.compileNativePattern(source));
};

describe("native-linear.ts decides as its fa838b9 copy", () => {
  it("on the corpus of known patterns", () => {
    const patterns = corpus();
    expect(patterns.length).toBeGreaterThan(200);
    for (const source of patterns) same(source);
  });

  it("on random patterns built from pieces", () => {
    const atom = fc.constantFrom("a", "b", "\\d", "\\w", "\\s", ".", "[a-c]", "@", "\\.", "é", "[0-9_]", "\\u00e9", "-", "[é-ë]", "[^a]", "[^@]", "\\p{L}", "\\S", "[^\\d]", "\\b", "(?=a)", "\\1", "😀", "\\x41", "\\cA", "[\\]a]");
    fc.assert(fc.property(patternOf(atom), (source) => !isPattern(source) || same(source) === undefined), { numRuns: 3000 });
  });

  it("on random strings of pattern syntax", () => {
    const unit = fc.constantFrom("a", "b", ".", "*", "+", "?", "|", "(", ")", "(?:", "(?=", "(?<n>", "[", "]", "^", "$", "\\", "d", "{", "}", "1", "2", ",", "-", "é", "😀");
    fc.assert(fc.property(fc.string({ unit, maxLength: 16 }), (source) => !isPattern(source) || same(source) === undefined), { numRuns: 20000 });
  });
});
