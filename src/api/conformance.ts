// `conformance()`: the official JSON-Schema-Test-Suite against one validator, draft by draft: one
// ConformanceSection per draft, as `schemalab conformance --format json` prints them.
import { existsSync } from "node:fs";
import { locateSuite } from "../conformance/locate-suite.js";
import { dialectsToRun, runConformanceDialects } from "../conformance/run-conformance.js";
import { SUITE_HOME, SuiteNotFoundError, type SuiteDialect, type SuiteScope } from "../conformance/suite-layout.js";
import type { ConformanceSection } from "../report/model.js";
import { isBuiltinValidator, loadValidatorModule, resolveValidatorPath, ValidatorLoadError } from "../validators/load-validator-module.js";
import type { ValidatorModule } from "../validators/types.js";

export interface ConformanceApiOptions {
  /** "lite" (default), "ajv", a module file (run isolated in a worker thread), or a validator module object (run in this thread). */
  readonly validator?: string | ValidatorModule;
  /** A JSON-Schema-Test-Suite checkout (default $JSON_SCHEMA_TEST_SUITE, then ../shared/json-schema-test-suite). */
  readonly suiteDir?: string;
  /** One draft, or "all" (default): every draft the suite has. */
  readonly dialect?: SuiteDialect | "all";
  /** "required+format" (default), "required", or "all" (every optional file too). */
  readonly include?: SuiteScope;
  /** "annotate": keywords the dialect does not define are accepted as annotations (default "refuse"). */
  readonly unknownKeywords?: "refuse" | "annotate";
  /** For a module file: per compile or validate call (default 5000), heap cap in MB, workers lost before it is broken. */
  readonly timeoutMs?: number;
  readonly heapMb?: number;
  readonly maxLostWorkers?: number;
}

/**
 * Rejects with SuiteNotFoundError (no suite where it looked), ValidatorLoadError or IsolatedLoadError
 * (the module cannot load) and SuiteFormatError (a malformed suite file).
 *
 * @example
 * const [section] = await conformance({ validator: myValidator, dialect: "draft7", suiteDir: "JSON-Schema-Test-Suite" });
 * section.totals; // { passed, failed, skipped, errored }
 */
export async function conformance(options: ConformanceApiOptions = {}): Promise<ConformanceSection[]> {
  const suiteDir = suiteDirOf(options.suiteDir);
  const dialects = dialectsToRun(suiteDir, options.dialect ?? "all");
  const common = { suiteDir, include: options.include ?? "required+format", unknownKeywords: options.unknownKeywords ?? "refuse" } as const;
  // The drafts in one call: a module that ran no test in any of them is judged broken over all of them.
  return runConformanceDialects({ ...common, dialects, ...(await runnerOf(options.validator ?? "lite", options)) });
}

async function runnerOf(validator: string | ValidatorModule, options: ConformanceApiOptions): Promise<{ validator: ValidatorModule } | { isolate: { modulePath: string; timeoutMs?: number; heapMb?: number; maxLostWorkers?: number } }> {
  if (typeof validator !== "string") return { validator };
  if (isBuiltinValidator(validator)) return { validator: await loadValidatorModule(validator) };
  const modulePath = resolveValidatorPath(validator);
  if (!existsSync(modulePath)) throw new ValidatorLoadError(`validator module ${modulePath}: file not found`);
  const limits = Object.fromEntries(Object.entries({ timeoutMs: options.timeoutMs, heapMb: options.heapMb, maxLostWorkers: options.maxLostWorkers }).filter(([, value]) => value !== undefined));
  return { isolate: { modulePath, ...limits } };
}

function suiteDirOf(explicit: string | undefined): string {
  const location = locateSuite(explicit);
  if (location.found) return location.dir;
  throw new SuiteNotFoundError(`JSON-Schema-Test-Suite not found; looked in ${location.looked.join(", ")}. Get it from ${SUITE_HOME} and pass suiteDir or set JSON_SCHEMA_TEST_SUITE`);
}
