// Every feature id a check result carries (changes, ignored, rejected) is a taxonomy id: over the shipped
// catalogs and over schemas built to trip every producer (mode rules, limits, keywords outside the
// taxonomy), on every target, with unsupported features stripped and as declared.
import { beforeAll, describe, expect, it } from "vitest";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { fromRoot } from "../package-root.js";
import type { CheckResult } from "../report/model.js";
import { FEATURE_IDS } from "../schema/features.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import type { DeclaredSchema } from "../schema/types.js";
import { readableResults } from "./readable-results.js";
import { checkSchemas } from "./check-schemas.js";
import { declare } from "./test-support/check-one.js";

const TAXONOMY = new Set([...FEATURE_IDS, "*"]);  // "*": every feature of the schema, one note (issue 22: a best-effort mode in one entry)

function featureIdsIn(result: CheckResult): string[] {
  return [...result.changes.map((change) => change.feature ?? "<change without feature>"), ...result.ignored.map((entry) => entry.feature), ...result.rejected.map((entry) => entry.feature)];
}

function outsideTaxonomy(schemas: readonly DeclaredSchema[], unsupported: "strip" | "reject", matchRoles: boolean): string[] {
  const profiles = loadProfiles();
  const targets = listTargets(profiles).map((target) => resolveTarget(target, profiles));
  const { results } = checkSchemas(schemas, targets, { unsupported, profiles, matchRoles });
  expect(results.length).toBeGreaterThan(0);
  return results.flatMap((result) => featureIdsIn(result).filter((id) => !TAXONOMY.has(id)).map((id) => `${result.schemaId} on ${result.target}: ${id}`));
}

const letters = (count: number, prefix: string): Record<string, { type: string }> =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, { type: "string" }]));

/** Schemas past every documented limit, with keywords outside the taxonomy and schemas that name no type. */
const TRIPWIRES: DeclaredSchema[] = [
  declare({ $schema: "https://json-schema.org/draft/2020-12/schema", "x-owner": "team", type: "object", properties: { a: {}, b: { type: "string", $comment: "note", "x-unit": "kg" } } }, { name: "other_keywords" }),
  declare({ type: "object", properties: letters(30, "o") }, { name: "optional_params" }),
  declare({ type: "object", properties: Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`u${index}`, { type: ["string", "null"] }])) }, { name: "union_params" }),
  declare({ type: "object", properties: { s: { type: "string", enum: ["x".repeat(120_001)] } }, required: ["s"] }, { name: "long_strings" }),
  declare({ type: "object", properties: { e: { type: "string", enum: Array.from({ length: 1001 }, (_, index) => `v${index}`) } }, required: ["e"] }, { name: "many_enums" }),
  declare({ type: "object", properties: { v: { anyOf: [{ minimum: 1 }, { type: "string" }] }, w: { not: { type: "null" } } }, required: ["v", "w"] }, { name: "untyped_branches" }),
  // One request with more tools than any tool mode takes (per-request limits).
  ...Array.from({ length: 130 }, (_, index) => declare({ type: "object", properties: { q: { type: "string" } }, required: ["q"] }, { name: `tool_${index}`, file: "many-tools.json" })),
];

describe("check results name only taxonomy feature ids", () => {
  let catalogs: DeclaredSchema[];
  beforeAll(async () => {
    catalogs = await loadCatalogs([fromRoot("suites", "catalogs")]);
  });

  it.each(["strip", "reject"] as const)("over suites/catalogs on every target (--unsupported %s)", (unsupported) => {
    expect(outsideTaxonomy(catalogs, unsupported, true)).toEqual([]);
  });

  it.each(["strip", "reject"] as const)("over schemas past every limit, with other keywords and untyped schemas, on every target (--unsupported %s)", (unsupported) => {
    expect(outsideTaxonomy(TRIPWIRES, unsupported, false)).toEqual([]);
  });

  it("names the keyword outside the taxonomy in the change or error, never in the id", () => {
    const profiles = loadProfiles();
    const [stripped] = readableResults(checkSchemas([TRIPWIRES[0]!], [resolveTarget("google:generate.responseSchema", profiles)], { profiles, matchRoles: false }));
    expect(stripped!.changes.filter((change) => change.feature === "keyword:other").map((change) => `${change.path} ${change.keyword}`)).toEqual([
      " $schema",
      " x-owner",
      "/properties/b $comment",
      "/properties/b x-unit",
    ]);
    const [refused] = readableResults(checkSchemas([TRIPWIRES[0]!], [resolveTarget("google:generate.responseSchema", profiles)], { profiles, matchRoles: false, unsupported: "reject" }));
    expect(refused!.rejected.filter((entry) => entry.feature === "keyword:other")).toEqual([
      { feature: "keyword:other", path: "", error: `Invalid JSON payload received. Unknown name "$schema" at '': Cannot find field.` },
      { feature: "keyword:other", path: "/properties/b", error: `Invalid JSON payload received. Unknown name "$comment" at '/properties/b': Cannot find field.` },
    ]);
  });

  it("strips keywords outside the taxonomy where unknown keywords can fail the request, each by name, losslessly when inert", () => {
    const profiles = loadProfiles();
    const target = [resolveTarget("openai:chat.tools.strict", profiles)];
    const [stripped] = readableResults(checkSchemas([TRIPWIRES[0]!], target, { profiles, matchRoles: false }));
    expect(stripped!.changes.filter((change) => change.feature === "keyword:other").map((change) => `${change.path} ${change.keyword} ${change.lossy}`)).toEqual([
      " $schema false",
      " x-owner false",
      "/properties/b $comment false",
      "/properties/b x-unit false",
    ]);
    // Undocumented (unknown), so not reported as refused when sent as declared.
    const [declared] = readableResults(checkSchemas([TRIPWIRES[0]!], target, { profiles, matchRoles: false, unsupported: "reject" }));
    expect(declared!.rejected.filter((entry) => entry.feature === "keyword:other")).toEqual([]);
  });

  it("reports a schema without a type as type:any where the mode needs one (a branch, or what stripping `not` leaves)", () => {
    const profiles = loadProfiles();
    const [result] = readableResults(checkSchemas([TRIPWIRES[5]!], [resolveTarget("openai:chat.tools.strict", profiles)], { profiles, matchRoles: false }));
    expect(result!.rejected.filter((entry) => entry.feature === "type:any").map((entry) => entry.path)).toEqual(["/properties/v/anyOf/0", "/properties/w"]);
  });
});
