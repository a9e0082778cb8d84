// Shared by the pattern rules' tests: a counter of the steps a backtracking search takes, the
// oracle that a rule claiming linear time is held to, and random patterns to hold it on.
import fc from "fast-check";
import { classHas, isWordCodePoint } from "../char-class.js";
import type { PatternNode } from "../parse-pattern.js";

/**
 * The steps of a backtracking search over the tree, as the native engine walks it: every start
 * position in turn, greedy loops, branches in order, an iteration that matched nothing ends its loop.
 */
/** Whether every match starts at position 0 (as compile-pattern.ts decides it). */
export function anchored(node: PatternNode): boolean {
  if (node.kind === "assertion") return node.assertion === "start";
  if (node.kind === "sequence") return anchored(node.items[0]!);
  if (node.kind === "alternation") return node.items.every(anchored);
  return node.kind === "repeat" && node.min > 0 && anchored(node.body);
}

export function searchSteps(tree: PatternNode, text: string): number {
  const points = Array.from(text, (char) => char.codePointAt(0)!);
  let steps = 0;
  const isWord = (i: number) => i >= 0 && i < points.length && isWordCodePoint(points[i]!);
  const walk = (node: PatternNode, i: number, next: (i: number) => boolean): boolean => {
    if (++steps > 5_000_000) throw new Error("over 5 million steps");
    switch (node.kind) {
      case "empty":
        return next(i);
      case "char":
        return i < points.length && classHas(node.cls, points[i]!) && next(i + 1);
      case "sequence": {
        const from = (index: number, at: number): boolean => (index === node.items.length ? next(at) : walk(node.items[index]!, at, (j) => from(index + 1, j)));
        return from(0, i);
      }
      case "alternation":
        return node.items.some((item) => walk(item, i, next));
      case "repeat": {
        const loop = (count: number, at: number): boolean =>
          (count < node.max && walk(node.body, at, (j) => j !== at && loop(count + 1, j))) || (count >= node.min && next(at));
        return loop(0, i);
      }
      case "assertion": {
        const holds =
          node.assertion === "start" ? i === 0 : node.assertion === "end" ? i === points.length : (isWord(i - 1) !== isWord(i)) === (node.assertion === "word");
        return holds && next(i);
      }
      default:
        throw new Error(`${node.kind} is not in these patterns`);
    }
  };
  for (let start = 0; start <= points.length; start++) if (walk(tree, start, () => true)) break;
  return steps;
}

const quantifier = fc.constantFrom("", "", "?", "*", "+", "{2}", "{1,3}", "{2,}", "+?");

export function patternOf(atom: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const piece = fc.letrec<{ piece: string }>((tie) => ({
    piece: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.tuple(atom, quantifier).map(([a, q]) => a + q),
      fc
        .tuple(fc.array(tie("piece"), { minLength: 1, maxLength: 3 }), fc.array(tie("piece"), { maxLength: 2 }), quantifier, fc.constantFrom("(", "(?:"))
        .map(([left, right, q, open]) => `${open}${left.join("")}${right.length ? "|" + right.join("") : ""})${q}`),
    ),
  })).piece;
  return fc.tuple(fc.constantFrom("", "^"), fc.array(piece, { minLength: 1, maxLength: 4 }), fc.constantFrom("", "$")).map(([start, pieces, end]) => start + pieces.join("") + end);
}

