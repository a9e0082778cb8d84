// A frozen copy of pattern/native-linear.ts as it was at main fa838b9, the oracle of
// native-linear-equivalence.test.ts: a smaller scan must accept and refuse exactly the same patterns.
// schemalab/lite/core's patterns: the native RegExp only, and only for a pattern this scan proves
// the backtracking engine runs in time linear in the text (the rules of backtracking-risk.ts's
// backtracksLinearly, on a tree of opaque atoms). Any other pattern is refused by name: the full
// entry, schemalab/lite, runs it on its linear matcher. Small on purpose: core ships no parser of
// character classes, no NFA and no DFA; an atom's characters are asked of the native engine itself.
import type { PatternMatcher, PatternProblem } from "../compile-pattern.js";

export type Node =
  | { readonly k: "atom"; readonly text: string }
  | { readonly k: "seq" | "alt"; readonly items: Node[] }
  | { readonly k: "rep"; readonly min: number; readonly max: number; readonly body: Node }
  | { readonly k: "start" | "end" | "boundary" }
  // Lookaround and backreferences: the backtracking-only features this scan does not bound.
  | { readonly k: "other" };

/** Reads `source`, already accepted by `new RegExp(source, "u")`, so malformed input never reaches it. */
export function parse(source: string): Node {
  let at = 0;
  const alternation = (): Node => {
    const branches: Node[] = [sequence()];
    while (source[at] === "|") at++, branches.push(sequence());
    return branches.length === 1 ? branches[0]! : { k: "alt", items: branches };
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (at < source.length && source[at] !== "|" && source[at] !== ")") items.push(quantified(item()));
    return items.length === 1 ? items[0]! : { k: "seq", items };
  };
  const quantified = (body: Node): Node => {
    const quantifier = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(source.slice(at));
    if (!quantifier) return body;
    at += quantifier[0].length;
    const [, sign, low, comma, high] = quantifier;
    const min = sign ? Number(sign === "+") : Number(low);
    // {n,} has an empty upper bound: Number("" || Infinity).
    const max = sign ? (sign === "?" ? 1 : Infinity) : comma ? Number(high || Infinity) : min;
    return { k: "rep", min, max, body };
  };
  const item = (): Node => {
    const start = at;
    const char = source[at++]!;
    if (char === "^") return { k: "start" };
    if (char === "$") return { k: "end" };
    if (char === "(") {
      // A plain group ("(", "(?:", "(?<name>") is its body; a lookaround or any other "(?" is not bounded here.
      const prefix = /^\?(?::|<?[=!]|<[^>]*>)|/.exec(source.slice(at))![0];
      at += prefix.length;
      const other = /[=!]$/.test(prefix) || (prefix === "" && source[at] === "?");
      const body = alternation();
      at++;
      return other ? { k: "other" } : body;
    }
    if (char === "[") {
      if (source[at] === "^") at++;
      while (source[at] !== "]") at += source[at] === "\\" ? 2 : 1;
      at++;
    } else if (char === "\\") {
      // The source is a valid Unicode pattern, so \p{…}, \u{…}, \k<…>, \uXXXX, \xXX and \cX are whole.
      const escape = /^(?:[pPuk][{<][^}>]*.|u....|x..|c.|[1-9]\d*|[^])/.exec(source.slice(at))![0];
      at += escape.length;
      if (/^[bB]$/.test(escape)) return { k: "boundary" };
      // Backreferences.
      if (/^[k1-9]/.test(escape)) return { k: "other" };
    } else if (source.codePointAt(start)! > 0xffff) at++;
    return { k: "atom", text: source.slice(start, at) };
  };
  return alternation();
}

/** Paths past which a bounded pattern is not counted further: as backtracking-risk.ts's MAX_PATHS. */
const MAX_PATHS = 64;

/** Ways the backtracking engine can walk `node` (capped at MAX_PATHS + 1); Infinity with an unbounded repeat. */
function paths(node: Node): number {
  switch (node.k) {
    case "seq":
      return node.items.reduce((product, item) => Math.min(MAX_PATHS + 1, product * paths(item)), 1);
    case "alt":
      return node.items.reduce((sum, item) => Math.min(MAX_PATHS + 1, sum + paths(item)), 0);
    case "rep": {
      if (node.max === Infinity) return Infinity;
      const body = paths(node.body);
      let total = 0;
      for (let count = node.min, power = body ** node.min; count <= node.max && total <= MAX_PATHS; count++, power *= body) total += power;
      return Math.min(MAX_PATHS + 1, total);
    }
    case "other":
      return Infinity;
    default:
      return 1;
  }
}

/** The ASCII characters an atom matches, and whether it may match others (an over-approximation: it only makes the scan refuse more). */
interface AtomChars {
  readonly ascii: readonly boolean[];
  readonly beyondAscii: boolean;
}

const charsOfAtom = new Map<string, AtomChars>();

function charsOf(text: string): AtomChars {
  let known = charsOfAtom.get(text);
  if (!known) {
    const test = new RegExp(`^(?:${text})$`, "u");
    // Only a plain-ASCII atom, not negated, without ., \s, \D, \W, \p, \u or \x, surely stays within ASCII.
    const beyondAscii = text === "." || text.startsWith("[^") || /[^\0-\x7f]|\\[sSDWpPux]/.test(text);
    known = { ascii: Array.from({ length: 128 }, (_, code) => test.test(String.fromCharCode(code))), beyondAscii };
    charsOfAtom.set(text, known);
  }
  return known;
}

function mayOverlap(a: string, b: string): boolean {
  const x = charsOf(a);
  const y = charsOf(b);
  return (x.beyondAscii && y.beyondAscii) || x.ascii.some((inX, code) => inX && y.ascii[code]);
}

function canBeEmpty(node: Node): boolean {
  if (node.k === "atom") return false;
  if (node.k === "seq") return node.items.every(canBeEmpty);
  if (node.k === "alt") return node.items.some(canBeEmpty);
  return node.k !== "rep" || node.min === 0 || canBeEmpty(node.body);
}

/** The atoms that can start `node`, into `into`. */
function firstAtoms(node: Node, into: string[]): string[] {
  if (node.k === "atom") into.push(node.text);
  else if (node.k === "alt") for (const item of node.items) firstAtoms(item, into);
  else if (node.k === "rep") firstAtoms(node.body, into);
  else if (node.k === "seq") {
    for (const item of node.items) {
      firstAtoms(item, into);
      if (!canBeEmpty(item)) break;
    }
  }
  return into;
}

/** The atoms that can start items[from...], plus `after` when all of those can be empty. */
function following(items: readonly Node[], from: number, after: readonly string[]): string[] {
  const atoms: string[] = [];
  for (let i = from; i < items.length; i++) {
    firstAtoms(items[i]!, atoms);
    if (!canBeEmpty(items[i]!)) return atoms;
  }
  return [...atoms, ...after];
}

/** Whether the next character alone picks one of `branches` (none empty) or what comes `after`. */
function decidedByNextChar(branches: readonly Node[], after: readonly string[]): boolean {
  if (branches.some(canBeEmpty)) return false;
  const firsts = [...branches.map((branch) => firstAtoms(branch, [])), after];
  return firsts.every((a, i) => firsts.every((b, j) => j <= i || !a.some((x) => b.some((y) => mayOverlap(x, y)))));
}

/** No loop but over one atom, each loop's atom disjoint from what can follow it, every choice decided by the next character. */
function deterministic(node: Node, after: readonly string[]): boolean {
  switch (node.k) {
    case "rep":
      if (node.max === 1) return decidedByNextChar([node.body], after) && deterministic(node.body, after);
      return node.body.k === "atom" && (node.min === node.max || !after.some((other) => mayOverlap(other, (node.body as { text: string }).text)));
    case "seq":
      return node.items.every((item, i) => deterministic(item, following(node.items, i + 1, after)));
    case "alt":
      return decidedByNextChar(node.items, after) && node.items.every((item) => deterministic(item, after));
    default:
      return node.k !== "other";
  }
}

function anchoredAtStart(node: Node): boolean {
  if (node.k === "start") return true;
  if (node.k === "seq") return node.items.length > 0 && anchoredAtStart(node.items[0]!);
  if (node.k === "alt") return node.items.every(anchoredAtStart);
  return node.k === "rep" && node.min > 0 && anchoredAtStart(node.body);
}

/**
 * The tree without a trailing unbounded loop (nothing after it, not even `$`), counted at its
 * minimum: the loop can only grow a match already found, so the search stops the first time it
 * runs (`b.*`, `[0-9]{2,}` search in linear time).
 */
function withoutTrailingLoop(tree: Node): Node {
  const items = tree.k === "seq" ? tree.items : [tree];
  const last = items[items.length - 1];
  if (last?.k !== "rep" || last.max !== Infinity || paths(last.body) > MAX_PATHS) return tree;
  return { k: "seq", items: [...items.slice(0, -1), { k: "rep", min: last.min, max: last.min, body: last.body }] };
}

/** The unbounded loops of the tree, and whether any sits inside another repeat (which would copy it). */
function unboundedLoops(node: Node, insideRepeat: boolean, into: { loops: Node[]; repeated: boolean }): typeof into {
  if (node.k === "rep") {
    if (node.max === Infinity) {
      into.loops.push(node);
      into.repeated ||= insideRepeat;
    }
    unboundedLoops(node.body, insideRepeat || node.max > 1, into);
  } else if (node.k === "seq" || node.k === "alt") for (const item of node.items) unboundedLoops(item, insideRepeat, into);
  return into;
}

/**
 * A start-anchored pattern with one unbounded loop over a single path (`^.*\.pdf$`): from the one
 * start position the loop gives back at most one character per step, each followed by a bounded
 * walk of the rest, so the cost stays linear in the text.
 */
function oneLoopAnchored(tree: Node): boolean {
  const { loops, repeated } = unboundedLoops(tree, false, { loops: [], repeated: false });
  if (loops.length !== 1 || repeated || paths((loops[0] as { body: Node }).body) !== 1) return false;
  const countedOnce = (node: Node): Node =>
    node === loops[0] ? { k: "atom", text: "" } : node.k === "seq" || node.k === "alt" ? { k: node.k, items: node.items.map(countedOnce) } : node.k === "rep" ? { ...node, body: countedOnce(node.body) } : node;
  return paths(countedOnce(tree)) <= MAX_PATHS;
}

/** Whether the native engine surely runs `source` (a valid Unicode pattern) in time linear in the text. */
export function runsLinearlyOnNative(source: string): boolean {
  return linearBy(source) !== undefined;
}

/** The rule by which the native engine runs `source` in linear time (the first two are backtracking-risk.ts's too); undefined when none. */
export function linearBy(source: string): "few paths" | "deterministic" | "trailing loop" | "one loop" | undefined {
  const tree = parse(source);
  if (paths(tree) <= MAX_PATHS) return "few paths";
  if (anchoredAtStart(tree) && deterministic(tree, [])) return "deterministic";
  if (paths(withoutTrailingLoop(tree)) <= MAX_PATHS) return "trailing loop";
  return anchoredAtStart(tree) && oneLoopAnchored(tree) ? "one loop" : undefined;
}

/** core's pattern compiler: the native RegExp when it surely runs in linear time, else refused by name. */
export function compileNativePattern(source: string): PatternMatcher | PatternProblem {
  let native: RegExp;
  try {
    native = new RegExp(source, "u");
  } catch (error) {
    return { invalid: (error as Error).message };
  }
  if (runsLinearlyOnNative(source)) return native;
  return { refused: `pattern ${JSON.stringify(source)} may backtrack without bound on the native RegExp, the only engine of schemalab/lite/core; schemalab/lite checks it in linear time` };
}
