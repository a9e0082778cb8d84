// Guards: the `schemasNeedType` rule (OpenAI strict: "schema must have a 'type' key") is a refusal of
// `type:any`, the feature it names, with the mode's verbatim text; not of `type:object`.
import { expect, test } from "vitest";
import { policiesFrom } from "./emulator-profile-policy.js";
import { decideSchema } from "./emulator-schema-decision.js";
import type { ModePolicy } from "../emulator-types.js";
import { openaiSchemaError } from "../../openai/emulator-errors.js";
import type { EmulatedCall } from "../emulator-types.js";

const RULE_TEXT = "Invalid schema for response_format '<name>': In context=<context>, schema must have a 'type' key.";

/** The rule alone: the type:any cell does not refuse, so only the rule can. */
function ruled(ruleErrors: ModePolicy["ruleErrors"], typeAny: { status: "enforced"; error?: string }): ModePolicy {
  const base = policiesFrom("openai", { m: { "type:any": typeAny } }).get("m")!;
  return { ...base, rules: { schemasNeedType: true }, ruleErrors };
}

const untyped = { type: "object", properties: { blocked: { description: "why" } }, required: ["blocked"], additionalProperties: false };

test("the rule's refusal is type:any at the untyped place, with the rule's text", () => {
  const decision = decideSchema(untyped, ruled({ schemasNeedType: RULE_TEXT }, { status: "enforced" }));
  expect(decision).toEqual({
    kind: "reject",
    rejection: { feature: "type:any", path: "/properties/blocked", keyword: "type", rule: "schemasNeedType", vars: { type: "None", key: "blocked" }, template: RULE_TEXT },
  });
});

test("without a rule text, the type:any cell's text is the one sent", () => {
  const decision = decideSchema(untyped, ruled({}, { status: "enforced", error: RULE_TEXT }));
  expect(decision).toMatchObject({ kind: "reject", rejection: { feature: "type:any", template: RULE_TEXT } });
});

test("the OpenAI error reads as the observed one", () => {
  const decision = decideSchema(untyped, ruled({ schemasNeedType: RULE_TEXT }, { status: "enforced" }));
  if (decision.kind !== "reject") throw new Error("accepted");
  const call = { api: "openai-chat", name: "codex_output_schema", deliver: "text", schemaParam: "response_format" } as EmulatedCall;
  expect(openaiSchemaError(call, decision.rejection).body).toEqual({
    error: { message: "Invalid schema for response_format 'codex_output_schema': In context=('properties', 'blocked'), schema must have a 'type' key.", type: "invalid_request_error", param: "response_format", code: null },
  });
});
