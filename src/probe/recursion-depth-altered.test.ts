// Guards: the `$ref:recursive` probe tells Gemini's limited unrolling (responseJsonSchema: "Cyclic
// references are unrolled to a limited degree ... only within non-required properties") from enforcement:
// it asks for a tree deeper than the emulator unrolls, through a non-required recursive property, and a
// sample that conforms but came back shallower than asked reads as `altered`, saying how deep it came.
import { describe, expect, it } from "vitest";
import { UNROLL_LEVELS } from "../../providers/emulator/schema-rules/emulator-unroll-recursion.js";
import { classifySamples, MISSING_VALUE } from "./classify-samples.js";
import { objectDepth } from "./classify-recursion-depth.js";
import { judgeSample } from "./judge-sample.js";
import { buildProbeDocument, standaloneProbeSchema } from "./probe-document.js";
import { probeEmulator } from "./probe-emulator.js";
import { loadProbeSuite } from "./probe-suite.js";

const probe = loadProbeSuite().probes.find((known) => known.feature === "$ref:recursive")!;

/** The asked tree cut to `depth` levels: the node at the cut keeps its label and loses its children. */
function cut(node: { label: unknown; children?: unknown[] }, depth: number): object {
  if (depth === 1) return { label: node.label };
  return { label: node.label, children: (node.children ?? []).map((child) => cut(child as typeof node, depth - 1)) };
}

/** The asked tree with its bottom label made a string. */
function repaired(node: { label: unknown; children?: unknown[] }): object {
  const children = (node.children ?? []).map((child) => repaired(child as typeof node));
  return { label: String(node.label), children };
}

const tempting = probe.tempting as { label: unknown; children: unknown[] };

describe("the $ref:recursive probe", () => {
  it(`asks for a tree deeper than the emulator unrolls (${UNROLL_LEVELS} levels), breaking the type at the bottom only`, () => {
    expect(objectDepth(tempting)).toBeGreaterThan(UNROLL_LEVELS);
    const judgement = judgeSample(standaloneProbeSchema(probe), tempting);
    expect(judgement.valid).toBe(false);
    if (!judgement.valid) expect(judgement.errors.map((error) => error.keyword)).toEqual(["type"]);
  });

  it("recurses through a property that is not required, so a cut tree still conforms", () => {
    const node = probe.defs!.node as { required: string[]; properties: Record<string, unknown> };
    expect(node.required).not.toContain("children");
    expect(judgeSample(standaloneProbeSchema(probe), cut(tempting, UNROLL_LEVELS))).toMatchObject({ valid: true });
  });

  it("makes the recursive property required where the mode demands every property be (OpenAI strict)", () => {
    const document = buildProbeDocument([probe], { closeObjects: true, requireAll: true }).schema as { $defs: Record<string, { required: string[] }> };
    expect(document.$defs["p_ref_recursive-node"]!.required).toEqual(["label", "children"]);
    const loose = buildProbeDocument([probe], { closeObjects: false, requireAll: false }).schema as { $defs: Record<string, { required: string[] }> };
    expect(loose.$defs["p_ref_recursive-node"]!.required).toEqual(["label"]);
  });
});

describe("reading its samples", () => {
  it("reads a conforming tree cut shallower than asked as altered, with the depth it came back", () => {
    const cell = classifySamples(probe, [cut(tempting, 4)]);
    expect(cell.status).toBe("altered");
    expect(cell.evidence).toMatchObject({ askedDepth: 8, returnedDepths: [4] });
    expect(cell.evidence.summary).toContain("came back 4 levels deep of the 8 asked");
  });

  it("reads the whole tree, its bottom label repaired, as enforced", () => {
    expect(classifySamples(probe, [repaired(tempting)]).status).toBe("enforced");
  });

  it("reads the wrong type coming back as ignored, whether or not another sample was cut", () => {
    expect(classifySamples(probe, [tempting]).status).toBe("ignored");
    expect(classifySamples(probe, [cut(tempting, 3), tempting]).status).toBe("ignored");
  });

  it("reads a sample with no value, or one breaking something else, as inconclusive", () => {
    expect(classifySamples(probe, [MISSING_VALUE]).status).toBe("error");
    expect(classifySamples(probe, [{ children: [] }]).status).toBe("error");
  });
});

describe("probing Gemini's emulator", () => {
  const run = (profile?: "enforced") =>
    probeEmulator("google", {
      modes: ["generate.responseJsonSchema"],
      features: ["$ref:recursive"],
      ...(profile === undefined ? {} : { emulatorProfile: { "generate.responseJsonSchema": { "$ref:recursive": "enforced", "type:string": "enforced" } } }),
    });

  it(`measures the documented unrolling as altered: the tree came back ${UNROLL_LEVELS} levels deep`, async () => {
    const cell = (await run()).modes[0]!.features["$ref:recursive"]!;
    expect(cell.status).toBe("altered");
    expect(cell.evidence).toMatchObject({ askedDepth: objectDepth(tempting), returnedDepths: [UNROLL_LEVELS] });
  });

  it("measures recursion held as declared as enforced", async () => {
    expect((await run("enforced")).modes[0]!.features["$ref:recursive"]!.status).toBe("enforced");
  });
});
