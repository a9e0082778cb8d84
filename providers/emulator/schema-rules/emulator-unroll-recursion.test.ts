// Guards: Gemini's documented alteration of recursive schemas (responseJsonSchema `$ref:recursive`:
// "unrolled to a limited degree ... may only be used within non-required properties") is emulated, not
// held as declared: recursion is inlined UNROLL_LEVELS deep and the property holding the cut goes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator-start.js";
import type { EmulatorHandle } from "../emulator-types.js";
import { unrollRecursion, UNROLL_LEVELS } from "./emulator-unroll-recursion.js";
import { answerValue, roundTrip } from "../../test-support/emulator-round-trip.js";

const tree = {
  type: "object",
  properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#" } } },
  required: ["label"],
};

/** A chain of `depth` nodes, each with one child. */
function chain(depth: number): Record<string, unknown> {
  return depth === 1 ? { label: "n1", children: [] } : { label: `n${depth}`, children: [chain(depth - 1)] };
}

function depthOf(node: any): number {
  return 1 + Math.max(0, ...((node.children ?? []) as unknown[]).map(depthOf));
}

describe("unrollRecursion", () => {
  test(`inlines ${UNROLL_LEVELS} levels and takes the recursive property out of the last one`, () => {
    const result = unrollRecursion(tree);
    expect(result.unrolled).toBe(true);
    if (!result.unrolled) return;
    let node: any = result.schema;
    for (let level = 1; level < UNROLL_LEVELS; level += 1) node = node.properties.children.items;
    expect(node.properties.children).toBe(false);
    expect(result.cutProperties).toHaveLength(1);
  });

  test("a required recursive property is cut too, nullable or not, and no longer required", () => {
    const linked = { $defs: { node: { type: "object", properties: { v: { type: "integer" }, next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } }, required: ["v", "next"] } }, $ref: "#/$defs/node" };
    const result = unrollRecursion(linked, 2);
    if (!result.unrolled) throw new Error("not unrolled");
    const second = (result.schema as any).allOf[0].properties.next.anyOf[0];
    expect(second.properties.next).toBe(false);
    expect(second.required).toEqual(["v"]);
  });

  test("a schema without recursion keeps its meaning (refs inlined once)", () => {
    const plain = { $defs: { n: { type: "integer" } }, type: "object", properties: { a: { $ref: "#/$defs/n" } } };
    const result = unrollRecursion(plain);
    expect(result.unrolled && (result.schema as any).properties.a).toEqual({ type: "integer" });
  });
});

describe("Gemini responseJsonSchema with a recursive schema", () => {
  let documented: EmulatorHandle;
  let holding: EmulatorHandle;
  beforeAll(async () => {
    documented = await startEmulator({ provider: "google" });
    holding = await startEmulator({ provider: "google", profile: { "generate.responseJsonSchema": { "$ref:recursive": "enforced", "type:string": "enforced" } } });
  });
  afterAll(async () => {
    await Promise.all([documented.close(), holding.close()]);
  });

  test(`a tree deeper than ${UNROLL_LEVELS} levels comes back cut at level ${UNROLL_LEVELS}`, async () => {
    const exchange = await roundTrip({ provider: "google", baseUrl: documented.baseUrl, mode: "generate.responseJsonSchema", schema: tree, value: chain(6) });
    const value = answerValue(exchange.parsed?.answer) as any;
    expect(depthOf(value)).toBe(UNROLL_LEVELS);
    expect(value.children[0].children[0].children[0]).toEqual({ label: "n3" });
    expect(documented.requests.at(-1)?.decoding).toBe("repaired");
  });

  test("a tree within the unrolled depth comes back whole", async () => {
    const exchange = await roundTrip({ provider: "google", baseUrl: documented.baseUrl, mode: "generate.responseJsonSchema", schema: tree, value: chain(3) });
    expect(answerValue(exchange.parsed?.answer)).toEqual(chain(3));
  });

  test("where recursion is enforced as declared, the deep tree comes back whole", async () => {
    const exchange = await roundTrip({ provider: "google", baseUrl: holding.baseUrl, mode: "generate.responseJsonSchema", schema: tree, value: chain(6) });
    expect(answerValue(exchange.parsed?.answer)).toEqual(chain(6));
  });
});
