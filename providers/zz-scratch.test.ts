import { test } from "vitest";
import { loadProbeSuite } from "../src/probe/probe-suite.js";
import { buildProbeDocument, standaloneProbeSchema } from "../src/probe/probe-document.js";
import { buildProbePrompt } from "../src/probe/probe-prompt.js";
import { createConformanceChecker } from "./emulator-check-conformance.js";
import { decodeAnswer } from "./emulator-model.js";
import { decideSchema } from "./emulator-schema-decision.js";
import { policiesFrom } from "./emulator-profile-policy.js";
import { loadValidValue } from "./emulator-valid-value.js";
import { judgeSample } from "../src/probe/judge-sample.js";

test("scratch", async () => {
  const suite = loadProbeSuite();
  const probes = suite.probes.filter((p) => p.placement !== "root");
  const checker = createConformanceChecker();
  const validValue = await loadValidValue();
  const cells: Record<string, string> = { optional: "altered", uniqueItems: "ignored" };
  const policy = policiesFrom("openai-compatible", { m: cells as never }).get("m")!;
  const doc = buildProbeDocument(probes, { closeObjects: false });
  const decision = decideSchema(doc.schema, policy, "enforced");
  if (decision.kind !== "accept") throw new Error(JSON.stringify(decision));
  const decoded = decodeAnswer({ prompt: buildProbePrompt(doc.value), effective: decision.effective, constrained: true, checker, ...(validValue ? { validValue } : {}) });
  console.log(decoded.decoding);
  const value = JSON.parse(decoded.text);
  console.log(JSON.stringify(checker.check(decision.effective, value)));
  for (const p of probes) {
    const key = doc.keys.get(p.feature)!;
    const j = judgeSample(standaloneProbeSchema(p), value[key]);
    console.log(p.feature, JSON.stringify(value[key]).slice(0, 100), j.valid ? "valid" : JSON.stringify(j.errors.map((e) => e.keyword)));
  }
});
