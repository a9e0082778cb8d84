// Guards: optional and union counts are limits of their own (`limit:optional-count`, `limit:union-count`):
// passing maxOptionalParameters / maxUnionParameters is refused only where that cell says `rejected`,
// with the limit's text, and never charged to the `optional` or `anyOf` features.
import { describe, expect, test } from "vitest";
import type { CapabilityStatus } from "../../profiles/profile-types.js";
import { policiesFrom } from "./emulator-profile-policy.js";
import { decideSchema } from "./emulator-schema-decision.js";
import type { ModePolicy } from "../emulator-types.js";

function limited(cells: Record<string, CapabilityStatus>): ModePolicy {
  const base = policiesFrom("anthropic", { m: cells }).get("m")!;
  return { ...base, limits: { maxOptionalParameters: 2, maxUnionParameters: 1 }, limitErrors: { maxOptionalParameters: "Schema is too complex for compilation." } };
}

/** `base` required, then `count` properties of the given schema left out of required or not. */
function objectWith(count: number, schema: object, optional: boolean): Record<string, unknown> {
  const properties = Object.fromEntries([["base", { type: "boolean" }], ...Array.from({ length: count }, (_, index) => [`p${index}`, schema])]);
  return { type: "object", properties, required: optional ? ["base"] : Object.keys(properties) };
}

const threeOptional = objectWith(3, { type: "string" }, true);
const twoUnions = objectWith(2, { anyOf: [{ type: "string" }, { type: "integer" }] }, false);

describe("optional parameters", () => {
  test("refused past the limit where limit:optional-count is rejected, with the limit's text", () => {
    expect(decideSchema(threeOptional, limited({ "limit:optional-count": "rejected" }))).toMatchObject({
      kind: "reject",
      rejection: { feature: "limit:optional-count", rule: "maxOptionalParameters", vars: { limit: "2", count: "3" }, template: "Schema is too complex for compilation." },
    });
  });

  test("accepted past the limit where the cell says the provider takes more", () => {
    expect(decideSchema(threeOptional, limited({ "limit:optional-count": "enforced" })).kind).toBe("accept");
  });

  test("accepted at the limit", () => {
    expect(decideSchema(objectWith(2, { type: "string" }, true), limited({ "limit:optional-count": "rejected" })).kind).toBe("accept");
  });
});

describe("union parameters", () => {
  test("refused past the limit where limit:union-count is rejected", () => {
    expect(decideSchema(twoUnions, limited({ "limit:union-count": "rejected" }))).toMatchObject({
      kind: "reject",
      rejection: { feature: "limit:union-count", rule: "maxUnionParameters", vars: { limit: "1", count: "2" } },
    });
  });

  test("accepted past the limit where the cell is not rejected, anyOf being enforced", () => {
    expect(decideSchema(twoUnions, limited({ "limit:union-count": "unknown", anyOf: "enforced" })).kind).toBe("accept");
  });
});
