// Reads one suite file into test groups, checking the shape so a damaged file is named with the
// place that is wrong instead of failing somewhere deep in a run.
import { readFileSync } from "node:fs";
import type { SuiteFile } from "./suite-layout.js";

export interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

export interface TestGroup {
  readonly description: string;
  readonly schema: object | boolean;
  readonly tests: readonly SuiteTest[];
}

/** A suite file is not JSON or not shaped like the suite's format. */
export class SuiteFormatError extends Error {
  override readonly name = "SuiteFormatError";
}

function checkTest(test: unknown, place: string): SuiteTest {
  const candidate = test as Partial<SuiteTest> | null;
  if (typeof candidate !== "object" || candidate === null || typeof candidate.valid !== "boolean" || !("data" in candidate)) {
    throw new SuiteFormatError(`${place}: expected { description, data, valid: boolean }`);
  }
  return { description: String(candidate.description ?? ""), data: candidate.data, valid: candidate.valid };
}

function checkGroup(group: unknown, place: string): TestGroup {
  const candidate = group as { description?: unknown; schema?: unknown; tests?: unknown } | null;
  if (typeof candidate !== "object" || candidate === null || !Array.isArray(candidate.tests)) {
    throw new SuiteFormatError(`${place}: expected { description, schema, tests: [...] }`);
  }
  const schema = candidate.schema;
  if (typeof schema !== "boolean" && (typeof schema !== "object" || schema === null || Array.isArray(schema))) {
    throw new SuiteFormatError(`${place}/schema: expected an object or a boolean`);
  }
  const tests = candidate.tests.map((test, index) => checkTest(test, `${place}/tests/${index}`));
  return { description: String(candidate.description ?? ""), schema, tests };
}

export function readTestGroups(suiteFile: SuiteFile): TestGroup[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(suiteFile.absolutePath, "utf8"));
  } catch (error) {
    throw new SuiteFormatError(`${suiteFile.absolutePath}: not readable JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new SuiteFormatError(`${suiteFile.absolutePath}: expected an array of test groups at the top`);
  return parsed.map((group, index) => checkGroup(group, `${suiteFile.absolutePath} #/${index}`));
}
