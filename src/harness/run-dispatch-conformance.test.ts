// The runner's own edges: dispatchers that throw, hang, return the wrong thing or edit their input.
import { beforeAll, describe, expect, test } from "vitest";
import { buildFixture } from "./fixtures/build-dispatch-fixtures.js";
import { DISPATCH_CASES } from "./fixtures/dispatch-cases.js";
import type { DispatcherModule } from "./dispatcher-module.js";
import { loadDispatchSuite } from "./load-dispatch-suite.js";
import referenceDispatcher from "./reference-dispatcher-module.js";
import { runFixture } from "./run-dispatch-conformance.js";
import type { ToolDeclaration } from "./spy-tools.js";

let tools: readonly ToolDeclaration[];

beforeAll(async () => {
  tools = (await loadDispatchSuite()).tools;
});

const fixtureOf = (name: string, stream = false) => buildFixture(DISPATCH_CASES.find((entry) => entry.fixture === name)!, "anthropic", stream ? "stream" : "plain");

describe("runFixture", () => {
  test("judges only the properties a fixture has something to say about", async () => {
    const cases = await runFixture(referenceDispatcher, fixtureOf("refusal"), tools, 1000);
    expect(cases.map((entry) => entry.property)).toEqual(["incomplete-answer-runs-nothing"]);
  });

  test("a dispatcher that throws fails the properties that need its results, naming the throw", async () => {
    const throwing: DispatcherModule = {
      name: "throws",
      dispatch: () => {
        throw new Error("cannot read chunks");
      },
    };
    const cases = await runFixture(throwing, fixtureOf("number-as-text", true), tools, 1000);
    expect(cases.find((entry) => entry.property === "error-result-carries-call-id")).toMatchObject({ passed: false, detail: expect.stringContaining("dispatch threw: cannot read chunks") });
    // It ran nothing, which is all this property asks.
    expect(cases.find((entry) => entry.property === "invalid-call-never-runs")).toMatchObject({ passed: true });
  });

  test("a dispatcher that never answers times out instead of hanging the run", async () => {
    const hanging: DispatcherModule = { name: "hangs", dispatch: () => new Promise(() => undefined) };
    const cases = await runFixture(hanging, fixtureOf("valid-calls"), tools, 30);
    expect(cases.find((entry) => entry.property === "valid-arguments-reach-handler-unchanged")).toMatchObject({ passed: false, detail: expect.stringContaining("did not finish within 30 ms") });
  });

  test("a dispatcher that returns something other than an array fails with that said", async () => {
    const wrong = { name: "object", dispatch: async () => ({ results: [] }) } as unknown as DispatcherModule;
    const cases = await runFixture(wrong, fixtureOf("extra-field"), tools, 1000);
    expect(cases.find((entry) => entry.property === "error-result-names-paths")!.detail).toContain("not an array of results");
  });

  // Regression (issue 16): extra runs of a valid call were reported under invalid-call-never-runs
  // whenever the round also held an invalid call, sending a developer to the wrong place.
  test.each(["valid-calls", "parallel-one-invalid"])("a dispatcher that runs a valid call twice fails valid-call-runs-once on %s, and only that", async (name) => {
    const twice: DispatcherModule = {
      name: "twice",
      async dispatch(input) {
        const results = await referenceDispatcher.dispatch(input);
        await referenceDispatcher.dispatch(input);
        return results;
      },
    };
    const cases = await runFixture(twice, fixtureOf(name), tools, 1000);
    expect(cases.find((entry) => entry.property === "valid-call-runs-once")).toMatchObject({ passed: false, detail: expect.stringMatching(/ran 2 times; it must run exactly once/) });
    expect(cases.filter((entry) => !entry.passed).map((entry) => entry.property)).toEqual(["valid-call-runs-once"]);
  });

  test("a dispatcher that trims or coerces arguments before the check fails, naming the changed call", async () => {
    const coercing: DispatcherModule = {
      name: "coerces",
      dispatch(input) {
        const response = structuredClone(input.response) as { content: { type: string; input?: Record<string, unknown> }[] };
        for (const block of response.content) if (block.type === "tool_use" && typeof block.input?.meal === "string") block.input.meal = block.input.meal.trim();
        return referenceDispatcher.dispatch({ ...input, response });
      },
    };
    const cases = await runFixture(coercing, fixtureOf("enum-with-whitespace"), tools, 1000);
    expect(cases.find((entry) => entry.property === "invalid-call-never-runs")).toMatchObject({ passed: false, detail: expect.stringContaining('"meal":"cena"') });
  });
});
