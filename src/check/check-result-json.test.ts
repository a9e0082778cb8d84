// checkResultJson must be JSON.stringify byte for byte: on the catalogs' results, on results that share
// lists, and on results of another shape (missing or extra keys, undefined values).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { fromRoot } from "../package-root.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import type { CheckResult } from "../report/model.js";
import { checkResultJson } from "./check-result-json.js";
import { checkSchemas } from "./check-schemas.js";

describe("checkResultJson", () => {
  it("is JSON.stringify on every result of the catalogs, both views", async () => {
    const profiles = loadProfiles();
    const targets = listTargets(profiles).map((name) => resolveTarget(name, profiles));
    const schemas = await loadCatalogs([fromRoot("suites", "catalogs")]);
    for (const unsupported of ["strip", "reject"] as const) {
      const results = checkSchemas(schemas, targets, { profiles, unsupported }).results;
      expect(results.length).toBeGreaterThan(0);
      // Twice: the second time the shared lists come from the cache.
      for (let round = 0; round < 2; round++) for (const result of results) expect(checkResultJson(result)).toBe(JSON.stringify(result));
    }
  });

  it("is JSON.stringify on results of any shape", () => {
    const text = fc.string({ unit: "grapheme-composite" });
    const entry = fc.record({ feature: text, path: text, note: fc.option(text, { nil: undefined }) }, { requiredKeys: ["feature", "path"] });
    const result = fc.record(
      {
        schemaId: text,
        target: text,
        verdict: fc.constantFrom("native", "translated", "needs-local-validation", "rejected"),
        changes: fc.array(fc.record({ path: text, keyword: text, kind: fc.constant("added"), reason: text, lossy: fc.boolean(), feature: text })),
        ignored: fc.array(entry),
        rejected: fc.array(fc.record({ feature: text, path: text, error: text })),
        fallback: fc.option(fc.record({ rung: text, reason: text }), { nil: undefined }),
        extra: fc.option(fc.integer(), { nil: undefined }),
      },
      { requiredKeys: ["schemaId", "target", "verdict", "changes", "ignored", "rejected"] },
    );
    fc.assert(
      fc.property(result, (value) => {
        expect(checkResultJson(value as unknown as CheckResult)).toBe(JSON.stringify(value));
      }),
    );
  });
});
