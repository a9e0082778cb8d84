// Regression (issue 16): a correct dispatcher that reports errors with Ajv's own errorsText()
// (`data/data/weight_kg must be number`) failed error-result-names-paths; one that answers "ok" for
// calls it refuses passed on the OpenAI wires, which have no error flag.
import { describe, expect, test } from "vitest";
import { runDispatchConformance } from "./run-dispatch-conformance.js";
import { ajvErrorsTextDispatcher } from "./test-support/ajv-errors-text-dispatcher.js";
import { WIRE_FORMATS } from "./wire-format.js";

describe("a correct dispatcher built on Ajv's errorsText()", () => {
  test("passes every check on all four wires, plain and streamed", async () => {
    const section = await runDispatchConformance({ dispatcher: ajvErrorsTextDispatcher() });
    expect(section.cases.filter((entry) => !entry.passed)).toEqual([]);
    expect(new Set(section.cases.map((entry) => entry.provider))).toEqual(new Set(WIRE_FORMATS));
    expect(section.cases.some((entry) => entry.property === "error-result-names-paths")).toBe(true);
  });
});

describe('a dispatcher that answers "ok" for calls it refuses', () => {
  test("fails error-result-reads-as-error on the OpenAI wires, on unknown-tool and unparseable arguments", async () => {
    const section = await runDispatchConformance({ dispatcher: ajvErrorsTextDispatcher({ answerOkWhenRefusing: true }) });
    const failed = section.cases.filter((entry) => !entry.passed);
    for (const provider of ["openai-chat", "openai-responses"]) {
      for (const fixture of ["unknown-tool", "unknown-tool.stream", "unparseable-arguments-no-required", "unparseable-arguments-no-required.stream"]) {
        const entry = failed.find((c) => c.provider === provider && c.fixture === fixture && c.property === "error-result-reads-as-error");
        expect(entry, `${provider} ${fixture}`).toBeDefined();
        expect(entry!.detail).toMatch(/reads as success, not as an error: "ok"/);
      }
    }
    // The wires with an error flag still say it: the flag is set, so nothing fails there.
    expect(failed.filter((entry) => entry.provider === "anthropic" || entry.provider === "google")).toEqual([]);
  });
});
