// The audit's corrections (provider-facts-audit.md, 2026-12-01), one case each: `check` (the provider's
// view, unsupported: reject) and the emulator refuse what the real API refuses, with its own text.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkOne } from "../../src/check/test-support/check-one.js";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { probePrompt } from "../test-support/emulator-round-trip.js";
import { callProvider } from "../wire/wire-adapters.js";
import type { ProviderId } from "../wire/wire-types.js";
import { resolveTarget } from "./load-profiles.js";

const closed = (properties: Record<string, unknown>) => ({ type: "object", properties, required: Object.keys(properties), additionalProperties: false });

const emulators: Partial<Record<string, EmulatorHandle>> = {};
beforeAll(async () => {
  const started = await Promise.all([
    startEmulator({ provider: "anthropic" }),
    startEmulator({ provider: "openai-compatible", profile: "llamacpp" }),
    startEmulator({ provider: "openai-compatible", profile: "vllm" }),
  ]);
  [emulators.anthropic, emulators.llamacpp, emulators.vllm] = started;
});
afterAll(async () => {
  await Promise.all(Object.values(emulators).map((handle) => handle!.close()));
});

/** The emulator's answer to one request carrying `schema` in `mode`: status and error text. */
async function emulated(emulator: string, provider: ProviderId, mode: string, schema: unknown, value: unknown = {}): Promise<{ status: number | undefined; message: string | undefined }> {
  const handle = emulators[emulator]!;
  const exchange = await callProvider(provider, { model: "m", prompt: probePrompt(value), schema, mode, baseUrl: handle.baseUrl, apiKey: "k", maxTokens: 256 }, { timeoutMs: 5000 });
  const answer = exchange.parsed?.answer;
  return { status: exchange.outcome.kind === "response" ? exchange.outcome.response.status : undefined, message: answer?.kind === "error" ? answer.message : undefined };
}

describe("1. Anthropic strict: additionalProperties must be false on every object", () => {
  const open = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };

  test.each([
    ["anthropic:messages.output_config.format", "messages.output_config.format", "output_config.format.schema"],
    ["anthropic:messages.tools.strict", "messages.tools.strict", "tools.<index>.custom"],
  ])("%s refuses an object without it, with the API's text", async (target, mode, prefix) => {
    const text = `${prefix}: For 'object' type, 'additionalProperties' must be explicitly set to false`;
    expect(checkOne(target, open, "reject").rejected).toEqual([{ feature: "additionalProperties:false", path: "", error: text }]);
    expect(await emulated("anthropic", "anthropic", mode, open, { q: "a" })).toEqual({ status: 400, message: text.replace("<index>", "0") });
    expect((await emulated("anthropic", "anthropic", mode, { ...open, additionalProperties: false }, { q: "a" })).status).toBe(200);
  });

  test("the non-strict tools mode still takes it", async () => {
    expect(checkOne("anthropic:messages.tools", open, "reject").rejected).toEqual([]);
  });
});

describe("5-7. Anthropic strict: the limits and refusals have their own texts", () => {
  test("17 union parameters are refused with the union text", async () => {
    const schema = closed(Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`f${index}`, { type: ["string", "null"] }])));
    const answer = await emulated("anthropic", "anthropic", "messages.output_config.format", schema);
    expect(answer).toEqual({ status: 400, message: "Schemas contains too many parameters with union types (17 parameters with type arrays or anyOf). This causes exponential compilation cost. Reduce the number of nullable or union-typed parameters (limit: 16 parameters with unions)." });
    expect(checkOne("anthropic:messages.output_config.format", schema, "reject").rejected[0]!.error).toContain("(limit: 16 parameters with unions)");
  });

  test("minItems 2 is refused with its own text; 1 is taken", async () => {
    const schema = closed({ tags: { type: "array", items: { type: "string" }, minItems: 2 } });
    const text = "For 'array' type, 'minItems' values other than 0 or 1 are not supported";
    expect(checkOne("anthropic:messages.tools.strict", schema, "reject").rejected).toEqual([{ feature: "minItems", path: "/properties/tags", error: `tools.<index>.custom: ${text}` }]);
    expect(await emulated("anthropic", "anthropic", "messages.tools.strict", schema, { tags: ["a", "b"] })).toEqual({ status: 400, message: `tools.0.custom: ${text}` });
    expect((await emulated("anthropic", "anthropic", "messages.tools.strict", closed({ tags: { type: "array", items: { type: "string" }, minItems: 1 } }), { tags: ["a"] })).status).toBe(200);
  });

  test("additionalProperties: true is refused with its own text", async () => {
    const schema = { type: "object", properties: { q: { type: "string" } }, required: ["q"], additionalProperties: true };
    const text = "output_config.format.schema: For 'object' type, 'additionalProperties: true' is not supported. Please set 'additionalProperties' to false";
    expect(checkOne("anthropic:messages.output_config.format", schema, "reject").rejected[0]!.error).toBe(text);
    expect(await emulated("anthropic", "anthropic", "messages.output_config.format", schema, { q: "a" })).toEqual({ status: 400, message: text });
  });
});

describe("2. llama.cpp: a repetition bound of 2000 or more fails grammar parsing", () => {
  const TARGET = "openai-compatible/llamacpp:chat.response_format";
  const nested = (maxLength: number) => closed({ o: closed({ s: { type: "string", maxLength } }) });

  test("maxLength 2000 (nested) is refused with HTTP 400 'failed to parse grammar'; 1999 is taken", async () => {
    expect(checkOne(TARGET, nested(2000), "reject").rejected).toEqual([{ feature: "maxLength", path: "/properties/o/properties/s", error: "Failed to initialize samplers: failed to parse grammar" }]);
    expect(await emulated("llamacpp", "openai-compatible", "chat.response_format", nested(2000), { o: { s: "x" } })).toEqual({ status: 400, message: "Failed to initialize samplers: failed to parse grammar" });
    expect(checkOne(TARGET, nested(1999), "reject").verdict).toBe("native");
    expect((await emulated("llamacpp", "openai-compatible", "chat.response_format", nested(1999), { o: { s: "x" } })).status).toBe(200);
  });

  test("translation drops the bound and asks for local validation", () => {
    const result = checkOne(TARGET, closed({ items: { type: "array", items: { type: "string" }, maxItems: 5000 } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.changes).toEqual([expect.objectContaining({ keyword: "maxItems", kind: "removed", lossy: true })]);
  });

  test("Ollama, which hands the schema to llama-server, carries the same rule", () => {
    expect(checkOne("openai-compatible/ollama:chat.response_format", nested(2500), "reject").verdict).toBe("rejected");
    expect(resolveTarget("openai-compatible/ollama:chat.tools").mode.enforcement).toBe("best-effort");
  });
});

describe("3-5. vLLM: tools through the structured-outputs backend; xgrammar's combinations", () => {
  const TARGET = "openai-compatible/vllm:chat.response_format";
  const XGRAMMAR = "The provided JSON schema contains features not supported by xgrammar.";

  test("minLength beside pattern is refused; each alone is taken", async () => {
    const both = closed({ code: { type: "string", pattern: "^[A-Z]+$", minLength: 2 } });
    expect(checkOne(TARGET, both, "reject").rejected).toEqual([{ feature: "minLength", path: "/properties/code", error: XGRAMMAR }]);
    expect(await emulated("vllm", "openai-compatible", "chat.response_format", both, { code: "AB" })).toEqual({ status: 400, message: XGRAMMAR });
    expect(checkOne(TARGET, closed({ code: { type: "string", pattern: "^[A-Z]+$" }, name: { type: "string", minLength: 2 } }), "reject").verdict).toBe("native");
  });

  test("maxLength beside format is refused", () => {
    expect(checkOne(TARGET, closed({ at: { type: "string", format: "date", maxLength: 10 } }), "reject").rejected[0]).toMatchObject({ feature: "maxLength", error: XGRAMMAR });
  });

  test("min/maxProperties are no longer refused; propertyNames only beside properties", async () => {
    expect(checkOne(TARGET, closed({ m: { type: "object", properties: { a: { type: "string" } }, minProperties: 1, additionalProperties: false } }), "reject").verdict).toBe("native");
    const beside = closed({ m: { type: "object", properties: { a: { type: "string" } }, propertyNames: { pattern: "^a" }, additionalProperties: false } });
    expect(checkOne(TARGET, beside, "reject").rejected).toEqual([{ feature: "propertyNames", path: "/properties/m", error: XGRAMMAR }]);
    expect(await emulated("vllm", "openai-compatible", "chat.response_format", beside, { m: { a: "x" } })).toEqual({ status: 400, message: XGRAMMAR });
    expect(checkOne(TARGET, closed({ m: { type: "object", propertyNames: { pattern: "^a" } } }), "reject").rejected).toEqual([]);
  });

  test("a named function is constrained like response_format", () => {
    const tools = resolveTarget("openai-compatible/vllm:chat.tools").mode;
    expect(tools.enforcement).toBe("constrained");
    expect(checkOne("openai-compatible/vllm:chat.tools", closed({ code: { type: "string", pattern: "^a", maxLength: 3 } }), "reject").verdict).toBe("rejected");
  });
});

describe("8-15. Gemini and OpenAI", () => {
  test("8. Gemini OpenAPI format: unknown, citing the v1beta client and Firebase", () => {
    const cell = resolveTarget("google:generate.responseSchema").mode.features["format:email"]!;
    expect(cell.status).toBe("unknown");
    expect(cell.source).toMatch(/google_cloud_ai_generativelanguage_v1beta/);
    expect(cell.conflicting!.map((other) => other.source)).toEqual(["https://firebase.google.com/docs/reference/js/ai.schemashared"]);
  });

  test("9. Gemini OpenAPI minLength, pattern, min/maxProperties are accepted fields, not 'Unknown name'", () => {
    const result = checkOne("google:generate.responseSchema", { type: "object", properties: { s: { type: "string", minLength: 1, pattern: "^a" } }, minProperties: 1 }, "reject");
    expect(result.rejected).toEqual([]);
  });

  test("10. OpenAI strict takes minLength", () => {
    expect(checkOne("openai:chat.response_format.strict", closed({ name: { type: "string", minLength: 1 } }), "reject").verdict).toBe("native");
  });

  test("12. OpenAI strict tools no longer send parallel_tool_calls: false", () => {
    expect(resolveTarget("openai:chat.tools.strict").mode.request.fragment).not.toHaveProperty("parallel_tool_calls");
  });

  test("14. Gemini parametersJsonSchema root must be an object", () => {
    expect(checkOne("google:generate.functionDeclarations.parametersJsonSchema", { type: "array", items: { type: "string" } }, "reject").rejected[0]).toMatchObject({ feature: "root:non-object" });
  });

  test("15. Gemini parameter names: a letter or underscore first, [a-zA-Z0-9_], at most 64", () => {
    const bad = checkOne("google:generate.functionDeclarations.parametersJsonSchema", { type: "object", properties: { "1st-name": { type: "string" } } }, "reject");
    expect(bad.rejected[0]).toMatchObject({ feature: "properties", path: "" });
    expect(checkOne("google:generate.functionDeclarations.parametersJsonSchema", { type: "object", properties: { _first_name: { type: "string" } } }, "reject").rejected).toEqual([]);
  });
});
