// Folding the check text view: targets share a line only when every schema gets the same symbol from
// them and their per-target answers are the same data; distinct rows stay distinct.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CheckTargetAnswer } from "../report/model.js";
import { MatrixFold, targetList } from "./check-fold.js";

const answer = (target: string, rejected: number): CheckTargetAnswer => ({
  target,
  counts: { native: 0, translated: 0, "needs-local-validation": 0, rejected },
  blockers: [],
  obligations: [],
});

describe("MatrixFold", () => {
  it("groups exactly the targets with the same column and the same answer", () => {
    const symbols = fc.constantFrom("=", "~", "+", "?", "x", ".");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.array(symbols, { minLength: 8, maxLength: 8 }), { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 8, maxLength: 8 }), (targets, rows, rejected) => {
        const fold = new MatrixFold(targets);
        rows.forEach((row, index) => fold.add(`s${index}`, row.slice(0, targets).join("")));
        const answers = Array.from({ length: targets }, (_, index) => answer(`p:t${index}`, rejected[index]!));
        const groups = fold.groups(answers, answers.map((_, index) => index));
        expect(groups.flat().sort((a, b) => a - b)).toEqual(answers.map((_, index) => index));
        const column = (target: number) => rows.map((row) => row[target]).join("");
        const same = (a: number, b: number) => column(a) === column(b) && rejected[a] === rejected[b];
        for (const group of groups) for (const member of group) expect(same(group[0]!, member)).toBe(true);
        for (const [i, a] of groups.entries()) for (const b of groups.slice(i + 1)) expect(same(a[0]!, b[0]!)).toBe(false);
        const { rows: distinct } = fold.distinctRows(100);
        expect(distinct.reduce((sum, row) => sum + row.count, 0)).toBe(rows.length);
        expect(new Set(distinct.map((row) => row.symbols)).size).toBe(distinct.length);
      }),
    );
  });
});

describe("targetList", () => {
  it("names every target once, by provider, within the width", () => {
    const names = ["openai:chat.tools", "openai:chat.tools.auto", "anthropic:messages.tools", "openai-compatible/vllm:chat.tools.strict.auto", "openai:responses.tools"];
    const lines = targetList(names, 40, "  ");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    const text = lines.map((line) => line.trim()).join(" ");
    expect(text).toBe("openai: chat.tools, chat.tools.auto, responses.tools; anthropic: messages.tools; openai-compatible/vllm: chat.tools.strict.auto");
  });
});

describe("run's terminal answer", () => {
  it("folds targets with the same answer on every schema into one line, as check's view does", async () => {
    const { check } = await import("../index.js");
    const { fromRoot } = await import("../package-root.js");
    const { formatFoldedAnswers } = await import("./check-text.js");
    // Bedrock passes Claude's strict rules through: on the fitness catalog both targets answer alike.
    const section = await check(fromRoot("suites", "catalogs", "fitness.json"), ["anthropic:messages.tools.strict", "bedrock:converse.tools.strict", "openai:chat.tools.strict"]);
    const text = formatFoldedAnswers(section);
    const numbered = text.split("\n").filter((line) => /^\s*\d+ /.test(line));
    expect(numbered).toHaveLength(2);
    expect(text).toMatch(/\| 2 targets:\n\s+anthropic: messages\.tools\.strict; bedrock: converse\.tools\.strict\n/);
    expect(text).toMatch(/^\s*2 openai:chat\.tools\.strict {2}/m);
  });
});
