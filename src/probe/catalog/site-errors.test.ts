// A site is read by its own keyword at its place: a mended part that breaks a neighbour is that neighbour's
// business, two extras on one object never share a request, and required is told apart by its name.
import { describe, expect, it } from "vitest";
import { judgeSample } from "../judge-sample.js";
import type { JsonSchema } from "../../schema/types.js";
import { groupSites, type SiteBreak } from "./catalog-sites.js";
import { siteErrors } from "./site-errors.js";

const schema = { type: "object", properties: { a: { type: ["number", "null"], exclusiveMinimum: 0 }, b: { type: "string" } }, required: ["b"], additionalProperties: false } as JsonSchema;
const errorsOf = (value: unknown) => {
  const judgement = judgeSample(schema, value);
  return judgement.valid ? [] : judgement.errors;
};

describe("siteErrors", () => {
  it("does not read a null mended to 0 as the optional site still broken (0 breaks exclusiveMinimum)", () => {
    const errors = errorsOf({ a: 0, b: "x" });
    expect(errors.length).toBeGreaterThan(0);
    expect(siteErrors(errors, "optional", "/a")).toEqual([]);
    expect(siteErrors(errors, "exclusiveMinimum", "/a").length).toBe(1);
  });

  it("reads required at the parent, by the missing property's name", () => {
    const errors = errorsOf({ a: 1 });
    expect(siteErrors(errors, "required", "/b").length).toBe(1);
    expect(siteErrors(errors, "required", "/a")).toEqual([]);
  });
});

describe("groupSites", () => {
  it("never puts two extra properties of one object in one request", () => {
    const extra = (path: string): SiteBreak => ({ feature: "additionalProperties:false", path, family: "f", detail: "d", part: 1 });
    const groups = groupSites([extra("/x"), extra("/y"), { feature: "minLength", path: "/b", family: "f", detail: "d", part: "" }]);
    expect(groups.every((group) => group.filter((site) => site.feature === "additionalProperties:false").length <= 1)).toBe(true);
  });
});
