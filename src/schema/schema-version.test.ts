import { describe, expect, it } from "vitest";
import { versionFromId, versionFromSchema } from "./schema-version.js";

describe("versionFromSchema", () => {
  it("prefers schema_version, then a version in $id", () => {
    expect(versionFromSchema({ schema_version: "2.0.0", $id: "https://x.example/3.0.0/s.json" })).toBe("2.0.0");
    expect(versionFromSchema({ schema_version: 3 })).toBe("3");
    expect(versionFromSchema({ $id: "https://x.example/3.0.0/s.json" })).toBe("3.0.0");
    expect(versionFromSchema({ type: "object" })).toBeNull();
    expect(versionFromSchema(true)).toBeNull();
    expect(versionFromSchema({ schema_version: "  " })).toBeNull();
  });
});

describe("versionFromId", () => {
  it.each([
    ["https://schemas.shop.example/tools/search/1.4.0/search-products.json", "1.4.0"],
    ["https://example.com/v3/order.json", "3"],
    ["https://example.com/schemas/order-v2.json", "2"],
    ["https://example.com/schemas/order@1.2.0-beta.1", "1.2.0-beta.1"],
    ["https://example.com/schemas/order_2.1.schema.json", "2.1"],
    ["urn:acme:order:1.4", "1.4"],
    ["https://example.com/api/v1/orders/v2/item.json#/x", "2"],
  ])("reads %s as %s", (id, version) => {
    expect(versionFromId(id)).toBe(version);
  });

  it.each(["https://example.com/schemas/order.json", "https://example.com/orders/123/item.json", "https://example.com/x.json?v=1.2.0", "order"])(
    "finds no version in %s",
    (id) => {
      expect(versionFromId(id)).toBeNull();
    },
  );
});
