// Matrix rows follow the taxonomy: the type, limit and keyword ids sit where the taxonomy puts them,
// and ids outside it (an old results file) follow alphabetically.
import { describe, expect, it } from "vitest";
import { FEATURE_IDS } from "../schema/features.js";
import { orderFeatureIds } from "./capability-matrix.js";

describe("orderFeatureIds", () => {
  it("orders rows by taxonomy position, ids outside the taxonomy last and alphabetically", () => {
    const shuffled = ["keyword:other", "zzz:legacy", "limit:tool-count", "type:any", "aaa:legacy", "limit:total-string-length", "type:union", "examples", "limit:enum-size", "limit:optional-count", "limit:union-count", "type:string"];
    expect(orderFeatureIds(shuffled)).toEqual([
      "type:string",
      "type:union",
      "type:any",
      "limit:enum-size",
      "limit:total-string-length",
      "limit:optional-count",
      "limit:union-count",
      "limit:tool-count",
      "examples",
      "keyword:other",
      "aaa:legacy",
      "zzz:legacy",
    ]);
  });

  it("keeps the whole taxonomy in its own order", () => {
    expect(orderFeatureIds([...FEATURE_IDS].reverse())).toEqual([...FEATURE_IDS]);
  });
});
