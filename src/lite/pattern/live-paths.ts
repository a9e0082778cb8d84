// A third way to prove that the native (backtracking) engine runs a pattern in time linear in the
// text, for patterns with nested loops that are still unambiguous enough, as zod's email pattern
// `^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`.
//
// A backtracking search walks a tree of partial paths through the pattern's NFA, each path tried at
// most once: its cost is the number of partial paths it can meet, summed over text positions. This
// module follows, for every text at once, the vector "how many partial paths wait at each NFA
// character state" (all start positions together, when the pattern is not anchored at the start),
// over one representative code point per class of code points no character state tells apart. When
// every vector reachable that way sums to at most MAX_LIVE_PATHS, the search meets at most that
// many paths per text position: linear, whatever the text. It is the finite-ambiguity criterion (no
// state with two loops on one word, no pair p != q with p->p, p->q, q->q on one word) made concrete
// with its constant. Over-approximations, which only refuse more: assertions always pass, a class
// with \p{...} matches every code point, and a match does not end the search.
import { MAX_CODE_POINT, complementRanges, type CharClass } from "./char-class.js";
import type { PatternNode } from "./parse-pattern.js";
import { StateKind, buildNfa, type Nfa } from "./pattern-nfa.js";

/** Partial paths allowed per text position (the constant of the linear bound). */
export const MAX_LIVE_PATHS = 64;
// Caps on the analysis itself, so compile-time cost stays bounded whatever the pattern: past any of
// them the pattern is simply not proven (it runs on the linear matcher instead).
const MAX_STATES = 512;
const MAX_SYMBOLS = 256;
const MAX_VECTORS = 256;
const MAX_WORK = 50_000;

/** Character states reached from an NFA state by ε-moves alone, each with its number of distinct ε-paths. */
interface Followers {
  readonly states: readonly number[];
  readonly counts: readonly number[];
}

class NotProven extends Error {}

function plainRegular(node: PatternNode): boolean {
  if (node.kind === "lookaround" || node.kind === "backreference") return false;
  if (node.kind === "sequence" || node.kind === "alternation") return node.items.every(plainRegular);
  return node.kind !== "repeat" || plainRegular(node.body);
}

/**
 * The ε-successors of every state (memoised), counted with multiplicity: two ε-paths to one state
 * are two paths the search tries. An ε-cycle (a loop whose body can match the empty text) or more
 * than MAX_LIVE_PATHS ε-paths from one state is not proven.
 */
function followersOf(nfa: Nfa): (state: number) => Followers {
  const memo: (Followers | undefined)[] = [];
  const visiting = new Uint8Array(nfa.kinds.length);
  const walk = (state: number): Followers => {
    const known = memo[state];
    if (known) return known;
    if (visiting[state]) throw new NotProven();
    visiting[state] = 1;
    let result: Followers;
    const kind = nfa.kinds[state];
    if (kind === StateKind.Char) result = { states: [state], counts: [1] };
    else if (kind === StateKind.Match) result = { states: [], counts: [] };
    else if (kind === StateKind.Assert) result = walk(nfa.out[state]!);
    else result = merge(walk(nfa.out[state]!), walk(nfa.out2[state]!));
    visiting[state] = 0;
    memo[state] = result;
    return result;
  };
  return walk;
}

function merge(a: Followers, b: Followers): Followers {
  const states = [...a.states];
  const counts = [...a.counts];
  let total = counts.reduce((sum, count) => sum + count, 0);
  for (let i = 0; i < b.states.length; i++) {
    const at = states.indexOf(b.states[i]!);
    if (at < 0) {
      states.push(b.states[i]!);
      counts.push(b.counts[i]!);
    } else counts[at]! += b.counts[i]!;
    total += b.counts[i]!;
  }
  if (total > MAX_LIVE_PATHS) throw new NotProven();
  return { states, counts };
}

/** The ranges a class is taken to match: a class with property escapes matches everything (an over-approximation). */
function rangesOf(cls: CharClass): readonly number[] {
  if (cls.properties.length > 0) return [0, MAX_CODE_POINT];
  return cls.negated ? complementRanges(cls.ranges) : cls.ranges;
}

/**
 * For each class of code points that no character state tells apart (one representative each: the
 * lowest), which character states accept it: accepts[symbol][i] is 1 when charStates[i]'s class holds it.
 */
function acceptingStates(nfa: Nfa, charStates: readonly number[], budget: { work: number }): Uint8Array[] {
  const ranges = charStates.map((state) => rangesOf(nfa.classes[state]!));
  const bounds = new Set<number>([0]);
  for (const r of ranges) {
    for (let i = 0; i < r.length; i += 2) {
      bounds.add(r[i]!);
      if (r[i + 1]! < MAX_CODE_POINT) bounds.add(r[i + 1]! + 1);
    }
  }
  if (bounds.size > MAX_SYMBOLS) throw new NotProven();
  const symbols = [...bounds].sort((a, b) => a - b);
  const accepts = symbols.map(() => new Uint8Array(charStates.length));
  ranges.forEach((r, i) => {
    // Each range starts at a symbol and covers the symbols up to its end.
    for (let j = 0, at = 0; j < r.length; j += 2) {
      while (symbols[at]! < r[j]!) at++;
      for (; at < symbols.length && symbols[at]! <= r[j + 1]!; at++, budget.work++) accepts[at]![i] = 1;
    }
  });
  return accepts;
}

/**
 * Follows the vectors of waiting paths (live[i]: partial paths waiting at charStates[i]) from the
 * start over every symbol, until no new vector appears; throws NotProven past a cap.
 */
function analyse(nfa: Nfa, anchoredAtStart: boolean): void {
  const followers = followersOf(nfa);
  const charStates = nfa.kinds.flatMap((kind, state) => (kind === StateKind.Char ? [state] : []));
  const indexOf = new Map(charStates.map((state, i) => [state, i]));
  const size = charStates.length;
  const budget = { work: 0 };
  const accepting = acceptingStates(nfa, charStates, budget);
  // The followers of each character state (after it reads a code point) and of the start, as indices.
  const asIndices = (from: Followers) => ({ states: from.states.map((state) => indexOf.get(state)!), counts: from.counts });
  const onward = charStates.map((state) => asIndices(followers(nfa.out[state]!)));
  const atStart = asIndices(followers(nfa.start));
  // Not anchored: the search starts again at every position, so its start's paths join each step.
  const joining = anchoredAtStart ? undefined : atStart;
  const add = (live: Uint8Array, from: Followers, times: number): void => {
    budget.work += from.states.length;
    // Counts stay under 256: a total past MAX_LIVE_PATHS (64) stops the analysis first.
    for (let i = 0; i < from.states.length; i++) live[from.states[i]!] = Math.min(255, live[from.states[i]!]! + times * from.counts[i]!);
  };
  const first = new Uint8Array(size);
  add(first, atStart, 1);
  // apply, not a spread: a typed array's iterator is many times slower here.
  const keyOf = (live: Uint8Array) => String.fromCharCode.apply(null, live as unknown as number[]);
  const seen = new Set([keyOf(first)]);
  const queue = [first];
  const after = new Uint8Array(size);
  for (let next = 0; next < queue.length; next++) {
    const live = queue[next]!;
    for (const accepts of accepting) {
      after.fill(0);
      budget.work += size;
      for (let i = 0; i < size; i++) if (live[i]! > 0 && accepts[i]) add(after, onward[i]!, live[i]!);
      if (joining) add(after, joining, 1);
      let total = 0;
      for (let i = 0; i < size; i++) total += after[i]!;
      if (total > MAX_LIVE_PATHS || budget.work > MAX_WORK) throw new NotProven();
      const key = keyOf(after);
      if (seen.has(key)) continue;
      if (seen.size >= MAX_VECTORS) throw new NotProven();
      seen.add(key);
      queue.push(after.slice());
    }
  }
}

/**
 * Whether the backtracking search of `tree` (no lookaround, no backreference) meets at most
 * MAX_LIVE_PATHS partial paths per text position, for every text: then it runs in linear time.
 * False when that is not so, or cannot be shown within the analysis's caps.
 */
export function livePathsBounded(tree: PatternNode, anchoredAtStart: boolean): boolean {
  if (!plainRegular(tree)) return false;
  const nfa = buildNfa(tree);
  if (nfa === undefined || nfa.kinds.length > MAX_STATES) return false;
  try {
    analyse(nfa, anchoredAtStart);
    return true;
  } catch (error) {
    if (error instanceof NotProven) return false;
    throw error;
  }
}
