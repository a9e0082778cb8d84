// Reading samples: each verdict a probe can give, from hand-made samples (no provider involved).
import { describe, expect, it } from "vitest";
import { classifySamples, MISSING_VALUE } from "./classify-samples.js";
import { settleCompanions, type MeasuredCell } from "./probe-cell.js";
import { loadProbeSuite } from "./probe-suite.js";

const probe = (feature: string) => loadProbeSuite().probes.find((known) => known.feature === feature)!;

describe("classifySamples", () => {
  it("reads a conforming sample as enforced and the tempting value as ignored", () => {
    expect(classifySamples(probe("minLength"), ["abcdef"]).status).toBe("enforced");
    const ignored = classifySamples(probe("minLength"), ["ab"]);
    expect(ignored.status).toBe("ignored");
    expect(ignored.evidence).toMatchObject({ asked: "ab", cameBack: "ab", errors: [expect.objectContaining({ keyword: "minLength" })] });
  });

  it("reads another value that still breaks the keyword as altered: the provider's rule is looser than the spec", () => {
    const cell = classifySamples(probe("format:time"), ["20:50:60Z"]);
    expect(cell.status).toBe("altered");
    expect(cell.evidence.summary).toContain("looser than the spec");
    expect(cell.evidence.summary).toContain('asked "25:61", "20:50:60Z" came back');
  });

  it("says where Ajv's formats read a sample otherwise than lite's exact ones", () => {
    const cell = classifySamples(probe("format:uri"), ["notauri:"]);
    expect(cell.status).toBe("enforced");
    expect(cell.evidence.summary).toContain('"notauri:" came back');
    expect(cell.evidence).toMatchObject({ ajvReadsOtherwise: { valid: false } });
    expect(cell.evidence.summary).toContain("Ajv's do not");
  });

  it("needs every sample to conform for enforced: one breaking sample of three is ignored", () => {
    expect(classifySamples(probe("maximum"), [3, 10, 30]).status).toBe("ignored");
  });

  it("reads a sample that breaks some other keyword as altered with the path, never ignored", () => {
    const cell = classifySamples(probe("minLength"), [42]);
    expect(cell.status).toBe("altered");
    expect(cell.evidence.summary).toMatch(/dropped or mangled at \//);
  });

  it("calls a sample without the probe's value inconclusive", () => {
    expect(classifySamples(probe("pattern"), [MISSING_VALUE]).status).toBe("error");
  });

  it("tells enum letter case (altered) from an unlisted value (ignored)", () => {
    expect(classifySamples(probe("enum"), [{ color: "red", shade: "dark" }]).status).toBe("enforced");
    expect(classifySamples(probe("enum"), [{ color: "RED", shade: "dark" }]).status).toBe("altered");
    expect(classifySamples(probe("enum"), [{ color: "RED", shade: "purple" }]).status).toBe("ignored");
  });

  it("tells oneOf read as anyOf (altered) from oneOf dropped (ignored)", () => {
    expect(classifySamples(probe("oneOf"), [{ both: 5.5, neither: 2.5 }]).status).toBe("enforced");
    expect(classifySamples(probe("oneOf"), [{ both: 5, neither: 2.5 }]).status).toBe("altered");
    expect(classifySamples(probe("oneOf"), [{ both: 5, neither: "text" }]).status).toBe("ignored");
  });

  it("reads optional fields that come back filled as altered, with how in the evidence", () => {
    const cell = classifySamples(probe("optional"), [{ weight: 70, height: null, note: null }]);
    expect(cell.status).toBe("altered");
    expect(cell.evidence.summary).toContain("height=null");
    const asked = classifySamples(probe("optional"), [{ weight: 70 }]);
    expect(asked).toMatchObject({ status: "enforced", companion: "required" });
  });

  it("reads an extra property dropped under additionalProperties: true as altered", () => {
    expect(classifySamples(probe("additionalProperties:true"), [{ name: "a" }]).status).toBe("altered");
    expect(classifySamples(probe("additionalProperties:true"), [{ name: "a", extra: "b" }]).companion).toBe("additionalProperties:false");
  });

  it("reads annotations for acceptance only", () => {
    const cell = classifySamples(probe("description"), ["label"]);
    expect(cell.status).toBe("enforced");
    expect(cell.evidence.summary).toContain("acceptance only");
  });
});

describe("settleCompanions", () => {
  const accepted = (companion: string): MeasuredCell => ({ status: "enforced", evidence: { summary: "accepted" }, companion });
  const cell = (status: MeasuredCell["status"]): MeasuredCell => ({ status, evidence: { summary: status } });

  it("reads optional as ignored where required is ignored, enforced where it holds", () => {
    expect(settleCompanions(new Map([["required", cell("ignored")], ["optional", accepted("required")]])).get("optional")!.status).toBe("ignored");
    expect(settleCompanions(new Map([["required", cell("enforced")], ["optional", accepted("required")]])).get("optional")!.status).toBe("enforced");
  });

  it("leaves the cell in error where the companion measured nothing (a spent budget), never enforced", () => {
    const errored: MeasuredCell = { status: "error", evidence: { summary: "budget: not probed, the request budget was spent" } };
    const settled = settleCompanions(new Map([["additionalProperties:false", errored], ["additionalProperties:true", accepted("additionalProperties:false")]])).get("additionalProperties:true")!;
    expect(settled.status).toBe("error");
    expect((settled.evidence as { summary: string }).summary).toContain("additionalProperties:false was not measured");
    expect(settled.evidence).toMatchObject({ companionError: "budget: not probed, the request budget was spent" });
  });

  it("says in the evidence which cell decided", () => {
    const settled = settleCompanions(new Map([["optional", accepted("required")]]));
    expect((settled.get("optional")!.evidence as { summary: string }).summary).toContain("required was not probed");
  });
});
