// `pattern` and `patternProperties` regexes, with ECMA-262 Unicode semantics and never catastrophic
// backtracking: a pattern runs on the linear matcher (lazy-dfa.ts), or, when it needs what that
// matcher lacks (backreferences, lookaround, a counted repeat unrolled past MAX_NFA_STATES), on the
// native engine, only if backtracking-risk.ts finds no risky shape; else it is refused by name.
import { LazyDfa } from "./lazy-dfa.js";
import { parsePattern, type PatternNode } from "./parse-pattern.js";
import { backtrackingRisk } from "./backtracking-risk.js";
import { buildNfa } from "./pattern-nfa.js";

/** What a compiled pattern offers: a search (does it match anywhere in `text`). */
export interface PatternMatcher {
  test(text: string): boolean;
}

/** Why a pattern cannot be run safely: a syntax error (invalid) or a backtracking risk (refused). */
export type PatternProblem = { readonly invalid: string } | { readonly refused: string };

function anchoredAtStart(node: PatternNode): boolean {
  switch (node.kind) {
    case "assertion":
      return node.assertion === "start";
    case "sequence":
      return anchoredAtStart(node.items[0]!);
    case "alternation":
      return node.items.every(anchoredAtStart);
    case "repeat":
      return node.min > 0 && anchoredAtStart(node.body);
    default:
      return false;
  }
}

function usesNativeOnlyFeatures(node: PatternNode): boolean {
  if (node.kind === "lookaround" || node.kind === "backreference") return true;
  if (node.kind === "sequence" || node.kind === "alternation") return node.items.some(usesNativeOnlyFeatures);
  return node.kind === "repeat" && usesNativeOnlyFeatures(node.body);
}

/** A matcher for `source`, or the problem that prevents one. */
export function compilePattern(source: string): PatternMatcher | PatternProblem {
  let native: RegExp;
  try {
    native = new RegExp(source, "u");
  } catch (error) {
    return { invalid: (error as Error).message };
  }
  const tree = parsePattern(source);
  const nfa = usesNativeOnlyFeatures(tree) ? undefined : buildNfa(tree);
  if (nfa) return new LazyDfa(nfa, anchoredAtStart(tree));
  const risk = backtrackingRisk(tree);
  return risk === undefined ? native : { refused: `pattern ${JSON.stringify(source)} needs the backtracking engine and has ${risk}` };
}
