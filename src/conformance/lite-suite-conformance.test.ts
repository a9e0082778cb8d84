// lite against the official suite, draft by draft, as `schemalab conformance` runs it: no test of
// the required suite nor of optional/format may fail or error in any draft, and every skip must be
// one of the refusals the README lists. Skips itself (saying so) when the suite is not on disk.
import { describe, expect, it } from "vitest";
import { liteValidator } from "../validators/lite-validator.js";
import { locateSuite } from "./locate-suite.js";
import { runConformance } from "./run-conformance.js";
import { SUITE_DIALECTS, hasDialect } from "./suite-layout.js";

const location = locateSuite();
const suiteDir = location.found ? location.dir : undefined;

// The refusals README "lite" lists: formats lite does not know, a custom metaschema ($schema naming
// neither draft), and draft 4's metaschema when no package ships it.
const LISTED_REFUSALS = [/unknown format "unknown"/, /unknown dialect "http:\/\/localhost:1234\/draft20(19-09|20-12)\/metaschema-/, /remote document "http:\/\/json-schema\.org\/draft-04\/schema"/];

const MIN_COMPLIANCE: Record<string, number> = { "draft2020-12": 0.99 };

describe.skipIf(suiteDir === undefined)("lite on the official suite, every draft", () => {
  for (const dialect of SUITE_DIALECTS) {
    it.skipIf(suiteDir === undefined || !hasDialect(suiteDir, dialect))(`${dialect}: nothing fails or errors, skips are listed refusals`, async () => {
      const section = await runConformance({ validator: liteValidator, suiteDir: suiteDir!, dialect });
      expect(section.failures.map((f) => `${f.file} > ${f.group} > ${f.test}: got ${String(f.got)}`)).toEqual([]);
      expect(section.totals.failed + section.totals.errored).toBe(0);
      expect(section.skips.filter((skip) => !LISTED_REFUSALS.some((reason) => reason.test(skip.reason)))).toEqual([]);
      expect(section.compliance).toBeGreaterThanOrEqual(MIN_COMPLIANCE[dialect] ?? 0.98);
    });
  }
});

if (suiteDir === undefined) it.skip("official suite not found (set JSON_SCHEMA_TEST_SUITE to its folder): lite conformance per draft not measured", () => {});
