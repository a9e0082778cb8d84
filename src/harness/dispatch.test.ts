import { beforeAll, describe, expect, test } from "vitest";
import { defineTool, ToolRejection, type HandlerContext } from "./define-tool.js";
import { createDispatcher } from "./dispatch.js";
import { buildFixture } from "./fixtures/build-dispatch-fixtures.js";
import { DISPATCH_CASES } from "./fixtures/dispatch-cases.js";
import { loadDispatchSuite } from "./load-dispatch-suite.js";
import type { ProviderPayload } from "./read-provider-answer.js";
import type { ToolDeclaration } from "./spy-tools.js";
import { idempotencyKey } from "./run-handler.js";
import { WIRE_FORMATS, type WireFormat } from "./wire-format.js";

let suiteTools: readonly ToolDeclaration[] = [];

beforeAll(async () => {
  suiteTools = (await loadDispatchSuite()).tools;
});

function recordingTool(name: string, handler: (args: Record<string, unknown>, context: HandlerContext) => unknown = () => ({ stored: true }), timeoutMs?: number) {
  const seen: { args: Record<string, unknown>; context: HandlerContext }[] = [];
  const tool = defineTool({
    name,
    description: name,
    inputSchema: schemaOf(name),
    handler: (args: Record<string, unknown>, context) => {
      seen.push({ args, context });
      return handler(args, context);
    },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return { tool, seen };
}

/** The schemas the fixtures were written against (the fitness catalog's). */
function schemaOf(name: string): Readonly<Record<string, unknown>> {
  return suiteTools.find((tool) => tool.name === name)!.inputSchema;
}

/** A chat completion with these calls (arguments as the JSON text the model wrote). */
function chatAnswer(calls: { id: string; name: string; arguments: string }[], finish = "tool_calls"): ProviderPayload {
  const toolCalls = calls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } }));
  return { response: { choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: toolCalls }, finish_reason: finish }] } };
}

const fixtureCase = (name: string) => DISPATCH_CASES.find((entry) => entry.fixture === name)!;

describe("dispatch", () => {
  test.each(WIRE_FORMATS)("%s: results in the wire's shape, with the call id and the error flag where there is one", async (format: WireFormat) => {
    const write = recordingTool("write_measurement");
    const meal = recordingTool("log_meal");
    const fixture = buildFixture(fixtureCase("parallel-one-invalid"), format, "plain");
    const outcome = await createDispatcher([write.tool, meal.tool]).dispatch(format, { response: fixture.rounds[0]!.response });
    const [valid, invalid] = outcome.results;
    const ids = fixture.rounds[0]!.expect.answer === "complete" ? fixture.rounds[0]!.expect.calls.map((call) => call.id) : [];
    const expected = {
      "openai-chat": [{ role: "tool", tool_call_id: ids[0], content: '{"stored":true}' }, { role: "tool", tool_call_id: ids[1] }],
      "openai-responses": [{ type: "function_call_output", call_id: ids[0], output: '{"stored":true}' }, { type: "function_call_output", call_id: ids[1] }],
      anthropic: [{ type: "tool_result", tool_use_id: ids[0], content: '{"stored":true}' }, { type: "tool_result", tool_use_id: ids[1], is_error: true }],
      google: [{ functionResponse: { id: ids[0], name: "write_measurement", response: { output: { stored: true } } } }, { functionResponse: { id: ids[1], name: "log_meal" } }],
    }[format];
    expect(valid).toEqual(expected[0]);
    expect(valid).not.toHaveProperty("is_error");
    expect(invalid).toMatchObject(expected[1]!);
    expect(JSON.stringify(invalid)).toContain("data.items[1].grams: must be integer");
    expect(meal.seen).toHaveLength(0);
  });

  test.each(["truncated-max-tokens", "refusal"])("%s: nothing runs and no result is produced, on every wire", async (name) => {
    for (const format of WIRE_FORMATS) {
      const write = recordingTool("write_measurement");
      const meal = recordingTool("log_meal");
      const fixture = buildFixture(fixtureCase(name), format, "plain");
      const outcome = await createDispatcher([write.tool, meal.tool]).dispatch(format, { response: fixture.rounds[0]!.response });
      expect(outcome).toMatchObject({ answer: name === "refusal" ? "refusal" : "truncated", calls: [], results: [] });
      expect(write.seen.length + meal.seen.length).toBe(0);
    }
  });

  test("a provider error answer runs nothing", async () => {
    const write = recordingTool("write_measurement");
    const outcome = await createDispatcher([write.tool]).dispatch("openai-chat", { response: { error: { message: "Invalid schema", type: "invalid_request_error" } }, status: 400 });
    expect(outcome.answer).toBe("error");
    expect(write.seen).toHaveLength(0);
  });

  test("valid arguments reach the handler as sent: no default filled in, nothing coerced", async () => {
    const write = recordingTool("write_measurement");
    await createDispatcher([write.tool]).dispatch("openai-chat", chatAnswer([{ id: "call_1", name: "write_measurement", arguments: '{"date":"2025-03-02","data":{"weight_kg":82.40}}' }]));
    expect(write.seen.map((entry) => entry.args)).toEqual([{ date: "2025-03-02", data: { weight_kg: 82.4 } }]);
    expect(write.seen[0]!.args).not.toHaveProperty("source");
  });

  test("a handler that throws after starting leaves the outcome uncertain, and says not to retry", async () => {
    const write = recordingTool("write_measurement", () => {
      throw new Error("connection reset while committing");
    });
    const outcome = await createDispatcher([write.tool]).dispatch("anthropic", {
      response: { content: [{ type: "tool_use", id: "toolu_1", name: "write_measurement", input: { date: "2025-03-02", data: { weight_kg: 82.4 } } }], stop_reason: "tool_use" },
    });
    expect(outcome.calls).toEqual([expect.objectContaining({ status: "uncertain", stage: "handler" })]);
    expect(outcome.results[0]).toMatchObject({ tool_use_id: "toolu_1", is_error: true, content: expect.stringContaining("Do not call it again") });
  });

  test("a handler that does not finish in time is uncertain, and is told to stop", async () => {
    let aborted = false;
    const slow = recordingTool(
      "write_measurement",
      (_args, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener("abort", () => {
            aborted = true;
            resolve(null);
          });
        }),
      20,
    );
    const outcome = await createDispatcher([slow.tool]).dispatch("openai-chat", chatAnswer([{ id: "call_1", name: "write_measurement", arguments: '{"date":"2025-03-02","data":{"weight_kg":82.4}}' }]));
    expect(outcome.calls[0]).toMatchObject({ status: "uncertain", message: expect.stringContaining("did not finish within 20 ms") });
    expect(aborted).toBe(true);
  });

  test("a handler's ToolRejection is a plain error the model can act on", async () => {
    const write = recordingTool("write_measurement", () => {
      throw new ToolRejection("the account is closed");
    });
    const outcome = await createDispatcher([write.tool]).dispatch("openai-chat", chatAnswer([{ id: "call_1", name: "write_measurement", arguments: '{"date":"2025-03-02","data":{"weight_kg":82.4}}' }]));
    expect(outcome.calls[0]).toMatchObject({ status: "rejected", stage: "handler" });
    expect(outcome.results[0]).toMatchObject({ content: "Error: write_measurement: the account is closed" });
  });

  test("handlers get an idempotency key from the call id and tool name: a replayed call gets the same key", async () => {
    const write = recordingTool("write_measurement");
    const dispatcher = createDispatcher([write.tool]);
    const call = { name: "write_measurement", arguments: '{"date":"2025-03-02","data":{"weight_kg":82.4}}' };
    await dispatcher.dispatch("openai-chat", chatAnswer([{ id: "call_1", ...call }]));
    await dispatcher.dispatch("openai-chat", chatAnswer([{ id: "call_1", ...call }]));
    await dispatcher.dispatch("openai-chat", chatAnswer([{ id: "call_2", ...call }]));
    const keys = write.seen.map((entry) => entry.context.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[0]).toBe(idempotencyKey("write_measurement", "call_1", call.arguments));
    expect(idempotencyKey("log_meal", "call_1", call.arguments)).not.toBe(keys[0]);
  });

  test("calls without an id (Gemini) key on their arguments", () => {
    expect(idempotencyKey("write_measurement", "", '{"a":1}')).toBe(idempotencyKey("write_measurement", "", '{"a":1}'));
    expect(idempotencyKey("write_measurement", "", '{"a":1}')).not.toBe(idempotencyKey("write_measurement", "", '{"a":2}'));
  });

  test("an answer without calls runs nothing and says so", async () => {
    const write = recordingTool("write_measurement");
    const outcome = await createDispatcher([write.tool]).dispatch("openai-chat", { response: { choices: [{ message: { role: "assistant", content: "Done." }, finish_reason: "stop" }] } });
    expect(outcome.answer).toBe("no-calls");
    expect(write.seen).toHaveLength(0);
  });

  test("two tools with one name are a programmer error", () => {
    const { tool } = recordingTool("log_meal");
    expect(() => createDispatcher([tool, tool])).toThrow(/share a name/);
  });
});
