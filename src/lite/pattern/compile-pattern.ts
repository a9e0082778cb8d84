// `pattern` and `patternProperties` regexes, with ECMA-262 Unicode semantics and never catastrophic
// backtracking: a pattern runs on the linear matcher (lazy-dfa.ts), or, when it needs what that
// matcher lacks (backreferences, lookaround, a counted repeat unrolled past MAX_NFA_STATES), on the
// native engine, only if backtracking-risk.ts finds no risky shape; else it is refused by name.
import { LazyDfa } from "./lazy-dfa.js";
import { parsePattern, type PatternNode } from "./parse-pattern.js";
import { backtrackingRisk, backtracksLinearly } from "./backtracking-risk.js";
import { livePathsBounded } from "./live-paths.js";
import { MAX_NFA_STATES, buildNfa } from "./pattern-nfa.js";

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

// Syntax that may need the backtracking engine (lookaround, backreferences, other "(?" groups): such
// patterns are analysed in full at compile time. "\\1" (a literal backslash) matches too: conservative.
const MAY_NEED_BACKTRACKING = /\(\?(?!:)|\\[1-9k]/;
const COUNTED_REPEAT = /\{(\d+)(?:,(\d*))?\}/g;

/** Whether the NFA surely fits MAX_NFA_STATES: a few states per source character, times every counted repeat's bound. */
function surelySmall(source: string): boolean {
  let bound = 3 * (source.length + 1);
  for (const [, min, max] of source.matchAll(COUNTED_REPEAT)) bound *= Math.max(Number(min), max ? Number(max) : 0) + 1;
  return bound <= MAX_NFA_STATES;
}

/**
 * A pattern that needs no backtracking analysis at compile time, set up on its first test (so
 * compiling a schema stays cheap): the native engine when it surely backtracks linearly (the common
 * `^[A-Z]{3}$`, faster than any matcher in JavaScript; or zod's email pattern, whose search keeps few
 * partial paths alive: live-paths.ts), else the linear matcher.
 */
class DeferredMatcher implements PatternMatcher {
  private matcher: PatternMatcher | undefined;
  constructor(
    private readonly source: string,
    private readonly native: RegExp,
  ) {}

  test(text: string): boolean {
    // The engine is chosen on the first test; then `test` is its own (an own property shadowing
    // this method), so later tests make one call, not two through a field of either type.
    const matcher = (this.matcher ??= this.choose());
    const test = matcher instanceof RegExp ? (value: string) => matcher.test(value) : (value: string) => matcher.test(value);
    Object.defineProperty(this, "test", { value: test });
    return test(text);
  }

  private choose(): PatternMatcher {
    const tree = parsePattern(this.source);
    return nativeIsLinear(tree) ? this.native : linearMatcher(tree)!;
  }
}

function nativeIsLinear(tree: PatternNode): boolean {
  const anchored = anchoredAtStart(tree);
  return backtracksLinearly(tree, anchored) || livePathsBounded(tree, anchored);
}

/** Whether a pattern that needs no backtracking-only feature runs on the native engine (proven linear there), for tests. */
export function runsNatively(source: string): boolean {
  return nativeIsLinear(parsePattern(source));
}

/** The linear matcher of `source` whatever engine compilePattern would choose (for tests and the bench). */
export function linearMatcherOf(source: string): PatternMatcher | undefined {
  return linearMatcher(parsePattern(source));
}

function linearMatcher(tree: PatternNode): LazyDfa | undefined {
  const nfa = usesNativeOnlyFeatures(tree) ? undefined : buildNfa(tree);
  return nfa && new LazyDfa(nfa, anchoredAtStart(tree));
}

/** Whether a compiled pattern runs on the linear matcher (not the guarded native fallback). */
export function runsLinear(compiled: PatternMatcher | PatternProblem): boolean {
  return compiled instanceof DeferredMatcher || compiled instanceof LazyDfa;
}

/** A matcher for `source`, or the problem that prevents one. */
export function compilePattern(source: string): PatternMatcher | PatternProblem {
  let native: RegExp;
  try {
    native = new RegExp(source, "u");
  } catch (error) {
    return { invalid: (error as Error).message };
  }
  if (!MAY_NEED_BACKTRACKING.test(source) && surelySmall(source)) return new DeferredMatcher(source, native);
  let tree: PatternNode;
  try {
    tree = parsePattern(source);
  } catch (error) {
    return { refused: `pattern ${JSON.stringify(source)} uses syntax lite's matcher does not read (${(error as Error).message})` };
  }
  const linear = linearMatcher(tree);
  if (linear) return linear;
  const risk = backtrackingRisk(tree);
  return risk === undefined ? native : { refused: `pattern ${JSON.stringify(source)} needs the backtracking engine and has ${risk}` };
}
