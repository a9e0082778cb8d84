// reports/baseline.json is what `run --baseline` and the nightly workflow compare against: it must
// read (schema-checked) as a complete run with a section from every step of the main job.
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { readResultsFile } from "./read-results.js";

describe("reports/baseline.json", () => {
  it("is a complete, schema-valid results document covering every step of run", () => {
    const { document } = readResultsFile(fromRoot("reports", "baseline.json"));
    expect(document.footer.complete).toBe(true);
    const kinds = new Set(document.sections.map((section) => section.kind));
    for (const kind of ["catalog", "conformance", "check", "compat", "probe", "fuzz"]) expect(kinds).toContain(kind);
  });
});
