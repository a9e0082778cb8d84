// Runs an NFA over a string in one pass, linear in its length whatever the pattern: the set of live
// NFA states moves one code point at a time (Thompson's simulation), and each set met is cached as
// a DFA state with its transitions, so a repeated set costs one array load per code point. Search
// semantics (the pattern may match anywhere): the start state joins the set at every position.
import { classHas, isWordCodePoint } from "./char-class.js";
import { StateKind, type Nfa } from "./pattern-nfa.js";

/** Live states after a code point, before their ε-closure (which depends on the position). */
interface Kernel {
  readonly ids: readonly number[];
  /** The closure under each position context (see contextAt). */
  readonly closed: (Closed | undefined)[];
}

/** An ε-closed set: the Char states waiting for a code point, and whether the pattern has matched. */
interface Closed {
  readonly chars: readonly number[];
  readonly match: boolean;
  /** No Char state is waiting: nothing more can match from here (anchored patterns stop). */
  readonly dead: boolean;
  readonly ascii: (Kernel | undefined)[];
  readonly other: Map<number, Kernel>;
  /** For an ASCII code point not the text's last: the closed set it leads to, one load instead of two. */
  readonly middle: (Closed | undefined)[];
}

// Caps on cached sets (their count and their states in all) and per-state transitions: past them the
// cache is dropped or bypassed, never grown, so memory stays bounded whatever the pattern and text.
const MAX_KERNELS = 4096;
const MAX_CACHED_STATES = 1 << 20;
const MAX_OTHER_TRANSITIONS = 256;

const AT_START = 1;
const AT_END = 2;
const AFTER_WORD = 4;
const BEFORE_WORD = 8;

export class LazyDfa {
  private kernels = new Map<string, Kernel>();
  private cachedStates = 0;
  private readonly seen: Int32Array;
  private stamp = 0;
  private empty: Kernel;

  constructor(
    private readonly nfa: Nfa,
    /** Every match starts at position 0 (`^...`): once nothing is live, nothing will be. */
    private readonly anchored: boolean,
  ) {
    this.seen = new Int32Array(nfa.kinds.length);
    this.empty = this.kernel([]);
  }

  test(text: string): boolean {
    return this.nfa.wordAssertions ? this.testWithWords(text) : this.testPlain(text);
  }

  /**
   * Without \b or \B, the position context is only "at the start" and "at the end": in between,
   * an ASCII code point moves from one closed set to the next with one cached load.
   */
  private testPlain(text: string): boolean {
    const length = text.length;
    const start = this.empty;
    if (length === 0) return (start.closed[AT_START | AT_END] ?? this.close(start, AT_START | AT_END)).match;
    const anchored = this.anchored;
    let closed = start.closed[AT_START] ?? this.close(start, AT_START);
    for (let i = 0; ; ) {
      if (closed.match) return true;
      if (anchored && closed.dead) return false;
      let c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) c = text.codePointAt(i)!;
      i += c > 0xffff ? 2 : 1;
      if (i >= length) {
        const last = (c < 128 ? closed.ascii[c] : closed.other.get(c)) ?? this.step(closed, c);
        return (last.closed[AT_END] ?? this.close(last, AT_END)).match;
      }
      const next = c < 128 ? closed.middle[c] : undefined;
      closed = next ?? this.middleStep(closed, c);
    }
  }

  /** The closed set after `c` in the middle of the text (context 0), cached in `middle` for ASCII. */
  private middleStep(closed: Closed, c: number): Closed {
    const kernel = (c < 128 ? closed.ascii[c] : closed.other.get(c)) ?? this.step(closed, c);
    const next = kernel.closed[0] ?? this.close(kernel, 0);
    if (c < 128) closed.middle[c] = next;
    return next;
  }

  private testWithWords(text: string): boolean {
    let kernel = this.empty;
    const length = text.length;
    let afterWord = false;
    for (let i = 0; ; ) {
      const c = i < length ? text.codePointAt(i)! : -1;
      const beforeWord = c >= 0 && isWordCodePoint(c);
      const context = (i === 0 ? AT_START : 0) | (c < 0 ? AT_END : 0) | (afterWord ? AFTER_WORD : 0) | (beforeWord ? BEFORE_WORD : 0);
      const closed = kernel.closed[context] ?? this.close(kernel, context);
      if (closed.match) return true;
      if (c < 0 || (this.anchored && closed.chars.length === 0)) return false;
      kernel = (c < 128 ? closed.ascii[c] : closed.other.get(c)) ?? this.step(closed, c);
      afterWord = beforeWord;
      i += c > 0xffff ? 2 : 1;
    }
  }

  private kernel(ids: number[]): Kernel {
    ids.sort((a, b) => a - b);
    const key = ids.join(",");
    const known = this.kernels.get(key);
    if (known) return known;
    if (this.kernels.size >= MAX_KERNELS || this.cachedStates > MAX_CACHED_STATES) {
      // A fresh start state too: the old one's transitions would keep the whole old cache alive.
      this.empty = { ids: [], closed: [] };
      this.kernels = new Map([["", this.empty]]);
      this.cachedStates = 0;
    }
    this.cachedStates += ids.length;
    const kernel: Kernel = { ids, closed: [] };
    this.kernels.set(key, kernel);
    return kernel;
  }

  private assertionHolds(state: number, context: number): boolean {
    switch (this.nfa.assertions[state]) {
      case "start":
        return (context & AT_START) !== 0;
      case "end":
        return (context & AT_END) !== 0;
      case "word":
        return ((context & AFTER_WORD) !== 0) !== ((context & BEFORE_WORD) !== 0);
      default:
        return ((context & AFTER_WORD) !== 0) === ((context & BEFORE_WORD) !== 0);
    }
  }

  private close(kernel: Kernel, context: number): Closed {
    const { kinds, out, out2 } = this.nfa;
    const stamp = ++this.stamp;
    const stack = [this.nfa.start, ...kernel.ids];
    const chars: number[] = [];
    let match = false;
    while (stack.length > 0) {
      const state = stack.pop()!;
      if (this.seen[state] === stamp) continue;
      this.seen[state] = stamp;
      const kind = kinds[state];
      if (kind === StateKind.Char) chars.push(state);
      else if (kind === StateKind.Match) match = true;
      else if (kind === StateKind.Split) stack.push(out2[state]!, out[state]!);
      else if (this.assertionHolds(state, context)) stack.push(out[state]!);
    }
    const closed: Closed = { chars, match, dead: chars.length === 0, ascii: [], other: new Map(), middle: [] };
    kernel.closed[context] = closed;
    return closed;
  }

  private step(closed: Closed, c: number): Kernel {
    const { classes, out } = this.nfa;
    const stamp = ++this.stamp;
    const ids: number[] = [];
    for (const state of closed.chars) {
      const next = out[state]!;
      if (this.seen[next] !== stamp && classHas(classes[state]!, c)) {
        this.seen[next] = stamp;
        ids.push(next);
      }
    }
    const kernel = this.kernel(ids);
    if (c < 128) closed.ascii[c] = kernel;
    else if (closed.other.size < MAX_OTHER_TRANSITIONS) closed.other.set(c, kernel);
    return kernel;
  }
}
