import { describe, expect, test } from "vitest";
import type { ToolCall } from "../../providers/wire/wire-types.js";
import { checkCall } from "./check-call.js";
import { defineTool, type GuardVerdict, type Tool } from "./define-tool.js";

const measurementSchema = {
  type: "object",
  properties: {
    date: { type: "string", format: "date" },
    data: { type: "object", properties: { weight_kg: { type: "number" }, note: { type: "string" } }, additionalProperties: false },
  },
  required: ["date", "data"],
  additionalProperties: false,
};

function toolsOf(...tools: Tool[]): Map<string, Tool> {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

const noop = () => null;
const write = (guard?: (args: Record<string, unknown>) => GuardVerdict) =>
  defineTool({ name: "write_measurement", description: "", inputSchema: measurementSchema, handler: noop, ...(guard ? { guard } : {}) });
const summarise = defineTool({ name: "summarise", description: "", inputSchema: { type: "object", properties: { weeks: { type: "integer" } } }, handler: noop });

function callOf(name: string, rawArguments: string): ToolCall {
  try {
    return { id: "call_1", name, arguments: JSON.parse(rawArguments), rawArguments };
  } catch (error) {
    return { id: "call_1", name, arguments: undefined, rawArguments, parseError: (error as Error).message };
  }
}

describe("checkCall", () => {
  test("an unknown tool is rejected, naming the tools there are", () => {
    const verdict = checkCall(callOf("delete_everything", "{}"), toolsOf(summarise));
    expect(verdict).toMatchObject({ kind: "reject", stage: "unknown-tool" });
    expect(verdict.kind === "reject" && verdict.message).toContain("summarise");
  });

  test("unparseable arguments are rejected even when {} would be valid", () => {
    expect(checkCall(callOf("summarise", '{"weeks": 4,'), toolsOf(summarise))).toMatchObject({ kind: "reject", stage: "parse" });
  });

  test.each([
    ["null", "null"],
    ["an array", "[]"],
    ["a number", "4"],
    ["a string", '"weeks"'],
  ])("arguments that parse to %s are rejected, not wrapped", (kind, raw) => {
    const verdict = checkCall(callOf("summarise", raw), toolsOf(summarise));
    expect(verdict).toMatchObject({ kind: "reject", stage: "parse" });
    expect(verdict.kind === "reject" && verdict.message).toContain(kind);
  });

  test("a double-encoded object is rejected with a hint, never unwrapped", () => {
    const verdict = checkCall(callOf("summarise", JSON.stringify(JSON.stringify({ weeks: 4 }))), toolsOf(summarise));
    expect(verdict).toMatchObject({ kind: "reject", stage: "parse" });
    expect(verdict.kind === "reject" && verdict.message).toContain("send the object itself");
  });

  test("every failing field is reported, with its path and reason", () => {
    const verdict = checkCall(callOf("write_measurement", '{"date":"2025-02-30","data":{"weight_kg":"82.4","heart":1}}'), toolsOf(write()));
    expect(verdict).toMatchObject({ kind: "reject", stage: "schema", paths: ["/date", "/data/weight_kg", "/data"] });
    const message = verdict.kind === "reject" ? verdict.message : "";
    expect(message).toContain('data.date: must match format "date"');
    expect(message).toContain("data.data.weight_kg: must be number");
    expect(message).toContain('must NOT have additional properties ("heart")');
  });

  test("valid arguments pass through as the very object that was parsed", () => {
    const call = callOf("write_measurement", '{"date":"2025-03-02","data":{"weight_kg":82.4}}');
    const verdict = checkCall(call, toolsOf(write()));
    expect(verdict.kind).toBe("run");
    expect(verdict.kind === "run" && verdict.args).toBe(call.arguments);
  });

  test("the guard runs after the schema, and only on valid arguments", () => {
    let guarded = 0;
    const tool = write(() => {
      guarded += 1;
      return { verdict: "allow" };
    });
    checkCall(callOf("write_measurement", '{"date":"2025-03-02","data":{"weight_kg":"x"}}'), toolsOf(tool));
    expect(guarded).toBe(0);
    checkCall(callOf("write_measurement", '{"date":"2025-03-02","data":{"weight_kg":82.4}}'), toolsOf(tool));
    expect(guarded).toBe(1);
  });

  test("guard verdicts: reject and confirm stop the call; a throwing guard rejects instead of crashing", () => {
    const valid = '{"date":"2025-03-02","data":{}}';
    expect(checkCall(callOf("write_measurement", valid), toolsOf(write(() => ({ verdict: "reject", reason: "in the future" }))))).toMatchObject({ kind: "reject", stage: "guard" });
    expect(checkCall(callOf("write_measurement", valid), toolsOf(write(() => ({ verdict: "confirm", reason: "big change" }))))).toMatchObject({ kind: "confirm" });
    const throwing = write(() => {
      throw new Error("boom");
    });
    expect(checkCall(callOf("write_measurement", valid), toolsOf(throwing))).toMatchObject({ kind: "reject", stage: "guard" });
  });

  test("a guard that edits its arguments cannot change what the handler gets", () => {
    const call = callOf("write_measurement", '{"date":"2025-03-02","data":{"weight_kg":82.4}}');
    const tool = write((args) => {
      (args.data as Record<string, unknown>).weight_kg = 0;
      return { verdict: "allow" };
    });
    const verdict = checkCall(call, toolsOf(tool));
    expect(verdict.kind === "run" && verdict.args).toEqual({ date: "2025-03-02", data: { weight_kg: 82.4 } });
  });
});
