// Guards #15's time to detect: the mutants that escaped before (oneOf read as anyOf, then applied
// whatever if says) and a few keyword mutants are found within a few hundred cases per schema, and
// lite itself gives no finding that fails the run over the bench schemas.
import { describe, expect, it } from "vitest";
import { MUTANTS, mutantValidator } from "./mutants.js";
import { runMutationBench } from "./run-mutation-bench.js";

const CHOSEN = ["oneOf-as-anyOf", "then-always", "if-ignored", "dependentRequired-ignored", "propertyNames-ignored", "maxContains-ignored"];

describe("the mutation benchmark", () => {
  it("has 30 or more mutants, each with a taxonomy feature and a rewrite that changes something", () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(MUTANTS.map((m) => m.id)).size).toBe(MUTANTS.length);
    const oneOf = MUTANTS.find((m) => m.id === "oneOf-as-anyOf")!;
    const validate = mutantValidator(oneOf).compile({ oneOf: [{ type: "integer" }, { minimum: 0 }] });
    // 1 matches both branches: oneOf rejects it, the mutant (anyOf) accepts it.
    expect(validate(1)).toMatchObject({ valid: true });
  });

  it("finds the chosen mutants within 600 cases per schema, over a clean baseline", async () => {
    const result = await runMutationBench({ runsPerSchema: 600, seed: 1, mutants: MUTANTS.filter((m) => CHOSEN.includes(m.id)) });
    expect(result.baselineFinding).toBeUndefined();
    expect(result.mutants.filter((m) => !m.found).map((m) => m.id)).toEqual([]);
    const oneOf = result.mutants.find((m) => m.id === "oneOf-as-anyOf")!;
    expect(oneOf.finding).toMatchObject({ feature: "oneOf", family: "oneof-ambiguous", direction: "too-lax", adjudication: "candidate-wrong" });
    expect(result.medianFirstCase).not.toBeNull();
  }, 120_000);
});
