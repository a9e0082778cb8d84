// The document a probe request carries: probes under their own keys, $defs hoisted and renamed, and
// objects closed only where the mode demands it (never an `open` probe, never inside if/then/not).
import { describe, expect, it } from "vitest";
import { buildProbeDocument, scaffoldFor } from "./probe-document.js";
import { planBatches } from "./probe-mode.js";
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import { loadProbeSuite } from "./probe-suite.js";

const probes = loadProbeSuite().probes;
const probe = (feature: string) => probes.find((known) => known.feature === feature)!;

describe("buildProbeDocument", () => {
  it("puts each probe under its key, asks for each tempting value, and requires every key and the batch's echo", () => {
    const document = buildProbeDocument([probe("minLength"), probe("type:null")], { closeObjects: false });
    expect(document.schema).toEqual({
      type: "object",
      properties: { p_minLength: { type: "string", minLength: 5 }, p_type_null: { type: "null" }, p_echo: { type: "string" } },
      required: ["p_minLength", "p_type_null", "p_echo"],
    });
    expect(document.value).toEqual({ p_minLength: "ab", p_type_null: 0, p_echo: "schemalab-echo-1" });
  });

  it("sends a probe alone without an echo", () => {
    const document = buildProbeDocument([probe("minLength")], { closeObjects: false });
    expect(document.value).toEqual({ p_minLength: "ab" });
    expect(document.echo).toBeUndefined();
  });

  it("closes every object where the mode demands it, except open probes and applicator subschemas", () => {
    const document = buildProbeDocument([probe("required"), probe("unevaluatedProperties"), probe("dependentSchemas")], { closeObjects: true });
    const properties = (document.schema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect((document.schema as Record<string, unknown>).additionalProperties).toBe(false);
    expect(properties.p_required!.additionalProperties).toBe(false);
    expect(properties.p_unevaluatedProperties!.additionalProperties).toBeUndefined();
    expect(properties.p_dependentSchemas!.dependentSchemas).toEqual({ card: { required: ["billing"] } });
  });

  it("hoists $defs to the root under the probe's key and points the refs there", () => {
    const document = buildProbeDocument([probe("$ref:recursive")], { closeObjects: true });
    const schema = document.schema as { $defs: Record<string, { properties: { children: { items: unknown } }; additionalProperties: unknown }>; properties: Record<string, unknown> };
    expect(schema.properties.p_ref_recursive).toEqual({ $ref: "#/$defs/p_ref_recursive-node" });
    expect(schema.$defs["p_ref_recursive-node"]!.properties.children.items).toEqual({ $ref: "#/$defs/p_ref_recursive-node" });
    expect(schema.$defs["p_ref_recursive-node"]!.additionalProperties).toBe(false);
  });

  it("sends a root probe as the whole document", () => {
    const document = buildProbeDocument([probe("root:non-object")], { closeObjects: true });
    expect(document.schema).toEqual({ type: "array", items: { type: "string" } });
    expect(document.keys.get("root:non-object")).toBe("");
    expect(() => buildProbeDocument([probe("root:non-object"), probe("minLength")], { closeObjects: false })).toThrow(/alone/);
  });
});

describe("planBatches", () => {
  const mode = { rules: { additionalPropertiesFalseRequired: true }, features: { minLength: { status: "rejected", source: "s", date: "2026-01" } } } as unknown as ModeProfile;

  it("sends documented refusals and root probes alone and batches the rest", () => {
    const batches = planBatches([probe("minLength"), probe("root:non-object"), probe("maxLength"), probe("pattern"), probe("const")], mode, 2);
    expect(batches.map((batch) => batch.map((item) => item.feature))).toEqual([["minLength"], ["root:non-object"], ["maxLength", "pattern"], ["const"]]);
    expect(scaffoldFor(mode)).toEqual({ closeObjects: true, requireAll: false });
    expect(scaffoldFor(undefined)).toEqual({ closeObjects: false, requireAll: false });
  });
});
