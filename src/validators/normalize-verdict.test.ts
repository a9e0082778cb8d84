import { describe, expect, it } from "vitest";
import { normalizeVerdict } from "./normalize-verdict.js";

describe("normalizeVerdict", () => {
  it("takes a bare boolean", () => {
    expect(normalizeVerdict(false)).toEqual({ ok: true, verdict: { valid: false } });
  });

  it("keeps errors and lists their instance paths", () => {
    const errors = [{ instancePath: "/a", keyword: "type" }];
    expect(normalizeVerdict({ valid: false, errors })).toEqual({ ok: true, verdict: { valid: false, errors, errorPaths: ["/a"] } });
  });

  it.each([
    [undefined, "got undefined"],
    [1, "got number 1"],
    ["yes", 'got string "yes"'],
    [null, "got null"],
    [[true], "got an array"],
    [{ valid: "true" }, "'valid' must be a boolean"],
    [{ valid: false, errors: "bad" }, "'errors' must be an array"],
    [{ valid: false, errors: [{ path: "/a" }] }, "errors[0] must be an object"],
  ])("reports %j as a contract violation", (raw, detail) => {
    const normalized = normalizeVerdict(raw);
    expect(normalized.ok).toBe(false);
    if (!normalized.ok) expect(normalized.violation).toContain(detail);
  });
});
