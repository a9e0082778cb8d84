import { describe, expect, test } from "vitest";
import { defineTool, type GuardVerdict } from "./define-tool.js";
import { createDispatcher, type DispatchOutcome } from "./dispatch.js";
import type { ProviderPayload } from "./read-provider-answer.js";
import { runRounds, type ModelTurns } from "./run-rounds.js";

const schema = { type: "object", properties: { weight_kg: { type: "number" } }, required: ["weight_kg"], additionalProperties: false };

function chat(argumentsText: string, finish = "tool_calls", id = "call_1"): ProviderPayload {
  return { response: { choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name: "write", arguments: argumentsText } }] }, finish_reason: finish }] } };
}

/** A scripted model: answer N is the N-th payload; every `previous` it was shown is kept. */
function scripted(answers: ProviderPayload[]): ModelTurns & { shown: (DispatchOutcome | null)[] } {
  const shown: (DispatchOutcome | null)[] = [];
  return {
    shown,
    next: async (previous, round) => {
      shown.push(previous);
      return answers[Math.min(round, answers.length) - 1]!;
    },
  };
}

function writeTool(handler: () => unknown = () => "ok", guard?: () => GuardVerdict) {
  let runs = 0;
  const tool = defineTool({
    name: "write",
    description: "",
    inputSchema: schema,
    handler: () => {
      runs += 1;
      return handler();
    },
    ...(guard ? { guard } : {}),
  });
  return { dispatcher: createDispatcher([tool]), runs: () => runs };
}

describe("runRounds", () => {
  test("the error result goes back, the corrected call runs once, and the loop ends", async () => {
    const { dispatcher, runs } = writeTool();
    const turns = scripted([chat('{"weight_kg":"82,4"}'), chat('{"weight_kg":82.4}', "tool_calls", "call_2")]);
    const report = await runRounds({ dispatcher, provider: "openai-chat", turns });
    expect(report.end).toBe("done");
    expect(report.rounds).toHaveLength(2);
    expect(runs()).toBe(1);
    expect(turns.shown[1]!.results).toEqual([{ role: "tool", tool_call_id: "call_1", content: expect.stringContaining("data.weight_kg: must be number") }]);
  });

  test("a model that never corrects its call is stopped by the round limit", async () => {
    const { dispatcher, runs } = writeTool();
    const report = await runRounds({ dispatcher, provider: "openai-chat", turns: scripted([chat('{"weight_kg":"heavy"}')]), maxRounds: 4 });
    expect(report).toMatchObject({ end: "round-limit" });
    expect(report.rounds).toHaveLength(4);
    expect(runs()).toBe(0);
  });

  test("an uncertain write ends the loop: it is never retried on the loop's own initiative", async () => {
    const { dispatcher, runs } = writeTool(() => {
      throw new Error("timeout from the database");
    });
    const turns = scripted([chat('{"weight_kg":82.4}'), chat('{"weight_kg":82.4}', "tool_calls", "call_2")]);
    const report = await runRounds({ dispatcher, provider: "openai-chat", turns });
    expect(report.end).toBe("uncertain");
    expect(report.rounds).toHaveLength(1);
    expect(turns.shown).toHaveLength(1);
    expect(runs()).toBe(1);
  });

  test("a truncated answer ends the loop with nothing run", async () => {
    const { dispatcher, runs } = writeTool();
    const report = await runRounds({ dispatcher, provider: "openai-chat", turns: scripted([chat('{"weight_kg":82.4}', "length")]) });
    expect(report.end).toBe("incomplete");
    expect(runs()).toBe(0);
  });

  test("a guard that asks for confirmation ends the loop for the application to ask the user", async () => {
    const { dispatcher, runs } = writeTool(undefined, () => ({ verdict: "confirm", reason: "a 30 kg jump" }));
    const report = await runRounds({ dispatcher, provider: "openai-chat", turns: scripted([chat('{"weight_kg":112.4}')]) });
    expect(report.end).toBe("needs-confirmation");
    expect(runs()).toBe(0);
  });
});
