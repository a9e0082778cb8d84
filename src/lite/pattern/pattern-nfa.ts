// Thompson construction: a pattern tree becomes an NFA of at most a few states per code point of
// the (expanded) pattern. Counted repeats are unrolled, so the size is capped: past the cap the
// pattern is not run by the linear matcher.
import type { CharClass } from "./char-class.js";
import type { PatternNode } from "./parse-pattern.js";

export const StateKind = { Char: 0, Split: 1, Assert: 2, Match: 3 } as const;
export type StateKind = (typeof StateKind)[keyof typeof StateKind];

export type AssertionKind = "start" | "end" | "word" | "notWord";

export interface Nfa {
  readonly kinds: StateKind[];
  /** Char: next state; Split: first branch; Assert: next state. */
  readonly out: number[];
  /** Split: second branch. */
  readonly out2: number[];
  readonly classes: (CharClass | undefined)[];
  readonly assertions: (AssertionKind | undefined)[];
  readonly start: number;
  /** Whether \b or \B occur (the matcher then tracks word characters around each position). */
  readonly wordAssertions: boolean;
}

/**
 * States past which a pattern is left to the guarded fallback (a counted repeat unrolled too far):
 * an uncached step of the matcher may visit every state, so this bounds the cost per code point.
 */
export const MAX_NFA_STATES = 4_000;

class TooLarge extends Error {}

class NfaBuilder {
  readonly nfa: Nfa = { kinds: [], out: [], out2: [], classes: [], assertions: [], start: 0, wordAssertions: false };
  wordAssertions = false;

  add(kind: StateKind, out = -1, out2 = -1, cls?: CharClass, assertion?: AssertionKind): number {
    const { nfa } = this;
    if (nfa.kinds.length >= MAX_NFA_STATES) throw new TooLarge();
    nfa.kinds.push(kind);
    nfa.out.push(out);
    nfa.out2.push(out2);
    nfa.classes.push(cls);
    nfa.assertions.push(assertion);
    return nfa.kinds.length - 1;
  }

  /** Builds `node` so that it continues to `next`; returns its entry state. Built back to front, so no patching. */
  build(node: PatternNode, next: number): number {
    switch (node.kind) {
      case "empty":
        return next;
      case "char":
        return this.add(StateKind.Char, next, -1, node.cls);
      case "assertion":
        if (node.assertion === "word" || node.assertion === "notWord") this.wordAssertions = true;
        return this.add(StateKind.Assert, next, -1, undefined, node.assertion);
      case "sequence":
        return node.items.reduceRight((after, item) => this.build(item, after), next);
      case "alternation":
        return node.items.map((item) => this.build(item, next)).reduce((a, b) => this.add(StateKind.Split, a, b));
      case "repeat":
        return this.repeat(node.body, node.min, node.max, next);
      default:
        throw new Error(`${node.kind} is not linear`);
    }
  }

  private repeat(body: PatternNode, min: number, max: number, next: number): number {
    let entry = next;
    if (max === Infinity) {
      // A loop: split into the body (which comes back to the split) or on.
      const split = this.add(StateKind.Split, -1, next);
      this.nfa.out[split] = this.build(body, split);
      entry = split;
    } else {
      for (let i = min; i < max; i++) entry = this.add(StateKind.Split, this.build(body, entry), next);
    }
    for (let i = 0; i < min; i++) entry = this.build(body, entry);
    return entry;
  }
}

/** The NFA of a tree without lookaround or backreferences; undefined when it would exceed MAX_NFA_STATES. */
export function buildNfa(node: PatternNode): Nfa | undefined {
  const builder = new NfaBuilder();
  try {
    const match = builder.add(StateKind.Match);
    const start = builder.build(node, match);
    return { ...builder.nfa, start, wordAssertions: builder.wordAssertions };
  } catch (error) {
    if (error instanceof TooLarge) return undefined;
    throw error;
  }
}
