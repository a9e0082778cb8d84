import { describe, expect, test } from "vitest";
import { forcedRejection } from "./emulator-forced-rejection.js";

describe("reject-schema names a realistic culprit", () => {
  test("the first keyword beyond the object skeleton, where it sits", () => {
    const schema = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { city: { type: "string" }, when: { type: "string", format: "date-time" } }, required: ["city"] };
    expect(forcedRejection(schema)).toMatchObject({ path: "/properties/when", keyword: "format", vars: { type: "string" } });
  });

  test("inside anyOf, items and names that need escaping", () => {
    expect(forcedRejection({ type: "array", items: { anyOf: [{ type: "string" }, { type: "number", minimum: 0 }] } })).toMatchObject({ path: "/items/anyOf/1", keyword: "minimum", vars: { type: "number" } });
    expect(forcedRejection({ type: "object", properties: { "a/b": { type: "string", pattern: "x" } } })).toMatchObject({ path: "/properties/a~1b", keyword: "pattern" });
  });

  test("a skeleton-only schema is refused at its root type", () => {
    expect(forcedRejection({ type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false })).toMatchObject({ path: "", keyword: "type", vars: { type: "object" } });
  });
});
