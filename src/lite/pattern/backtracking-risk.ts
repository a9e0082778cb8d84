// For the few patterns the linear matcher cannot run (backreferences, lookaround, huge counted
// repeats), the native backtracking engine runs them only when this analysis finds none of the
// shapes behind catastrophic backtracking: a quantified part that itself holds a quantifier (star
// height > 1), a quantified alternation whose branches can match the same text, or two quantified
// parts in a row that can match the same text. Conservative: it may refuse a harmless pattern.
import { classesMayOverlap, type CharClass } from "./char-class.js";
import type { PatternNode } from "./parse-pattern.js";

const repeats = (node: PatternNode): boolean => node.kind === "repeat" && node.max > 1;

/** Every character class the node can consume. */
function classesOf(node: PatternNode, into: CharClass[] = []): CharClass[] {
  switch (node.kind) {
    case "char":
      into.push(node.cls);
      break;
    case "sequence":
    case "alternation":
      for (const item of node.items) classesOf(item, into);
      break;
    case "repeat":
    case "lookaround":
      classesOf(node.body, into);
      break;
    case "backreference":
      // Repeats what a group matched: anything.
      into.push({ ranges: [], properties: [], negated: true });
  }
  return into;
}

function mayShareText(a: PatternNode, b: PatternNode): boolean {
  const left = classesOf(a);
  return classesOf(b).some((cls) => left.some((other) => classesMayOverlap(cls, other)));
}

function canBeEmpty(node: PatternNode): boolean {
  switch (node.kind) {
    case "char":
      return false;
    case "sequence":
      return node.items.every(canBeEmpty);
    case "alternation":
      return node.items.some(canBeEmpty);
    case "repeat":
      return node.min === 0 || canBeEmpty(node.body);
    default:
      return true;
  }
}

function containsRepeat(node: PatternNode): boolean {
  if (repeats(node)) return true;
  if (node.kind === "sequence" || node.kind === "alternation") return node.items.some(containsRepeat);
  return (node.kind === "repeat" || node.kind === "lookaround") && containsRepeat(node.body);
}

function overlappingBranches(node: PatternNode): boolean {
  if (node.kind === "alternation") {
    const { items } = node;
    if (items.some((a, i) => items.some((b, j) => j > i && mayShareText(a, b)))) return true;
  }
  if (node.kind === "sequence" || node.kind === "alternation") return node.items.some(overlappingBranches);
  return node.kind === "repeat" || node.kind === "lookaround" ? overlappingBranches(node.body) : false;
}

/** Two quantified items of a sequence with only optional items between them, that can match the same text. */
function adjacentOverlap(items: readonly PatternNode[]): boolean {
  for (let i = 0; i < items.length; i++) {
    if (!repeats(items[i]!)) continue;
    for (let j = i + 1; j < items.length; j++) {
      if (repeats(items[j]!) && mayShareText(items[i]!, items[j]!)) return true;
      if (!canBeEmpty(items[j]!)) break;
    }
  }
  return false;
}

/** Why the backtracking engine could take exponential (or high polynomial) time on this pattern; undefined when none. */
export function backtrackingRisk(node: PatternNode): string | undefined {
  switch (node.kind) {
    case "repeat":
      if (node.max > 1 && containsRepeat(node.body)) return "a quantifier inside a quantified group (nested quantifiers)";
      if (node.max > 1 && overlappingBranches(node.body)) return "a quantified alternation whose branches can match the same text";
      return backtrackingRisk(node.body);
    case "sequence":
      if (adjacentOverlap(node.items)) return "two quantified parts in a row that can match the same text";
      return node.items.map(backtrackingRisk).find((risk) => risk !== undefined);
    case "alternation":
      return node.items.map(backtrackingRisk).find((risk) => risk !== undefined);
    case "lookaround":
      return backtrackingRisk(node.body);
    default:
      return undefined;
  }
}

/** The classes that can start `items[from...]`, plus `after` when all of them can be empty; "any" when unknown. */
function firstClasses(items: readonly PatternNode[], from: number, after: readonly CharClass[]): CharClass[] {
  const classes: CharClass[] = [];
  for (let j = from; j < items.length; j++) {
    classesOfFirst(items[j]!, classes);
    if (!canBeEmpty(items[j]!)) return classes;
  }
  return [...classes, ...after];
}

function classesOfFirst(node: PatternNode, into: CharClass[]): void {
  switch (node.kind) {
    case "char":
      into.push(node.cls);
      break;
    case "sequence":
      for (const item of node.items) {
        classesOfFirst(item, into);
        if (!canBeEmpty(item)) return;
      }
      break;
    case "alternation":
      for (const item of node.items) classesOfFirst(item, into);
      break;
    case "repeat":
      classesOfFirst(node.body, into);
  }
}

/** Whether the next character alone picks one of `branches` (none may be empty), or what comes `after`. */
function decidedByNextChar(branches: readonly PatternNode[], after: readonly CharClass[]): boolean {
  if (branches.some(canBeEmpty)) return false;
  const firsts = [...branches.map((branch) => firstClasses([branch], 0, [])), after];
  return firsts.every((a, i) => firsts.every((b, j) => j <= i || !a.some((x) => b.some((y) => classesMayOverlap(x, y)))));
}

/**
 * Whether a backtracking engine runs the tree in time linear in the text and in the pattern: no
 * loop over anything but a single character class, each loop's class (unless its count is fixed)
 * disjoint from every class that can follow it, and every optional part and alternation decided by
 * the next character, so backtracking into any choice fails at once.
 * Only for patterns anchored at the start (one start position).
 */
function deterministicExits(node: PatternNode, after: readonly CharClass[]): boolean {
  switch (node.kind) {
    case "repeat": {
      // At most once: one extra try on backtracking, and the body's own quantifiers are followed by `after`.
      if (node.max === 1) return decidedByNextChar([node.body], after) && deterministicExits(node.body, after);
      if (node.body.kind !== "char") return false;
      // A fixed count leaves no choice; otherwise the loop's exit must be decided by the next character.
      const cls = node.body.cls;
      return node.min === node.max || !after.some((other) => classesMayOverlap(other, cls));
    }
    case "sequence":
      return node.items.every((item, i) => deterministicExits(item, firstClasses(node.items, i + 1, after)));
    case "alternation":
      return decidedByNextChar(node.items, after) && node.items.every((item) => deterministicExits(item, after));
    case "lookaround":
    case "backreference":
      return false;
    default:
      return true;
  }
}

/** Paths past which a bounded pattern is not counted further (the cost per start position stays small). */
const MAX_PATHS = 64;

/**
 * How many ways a backtracking engine can walk the node (an upper bound, capped at MAX_PATHS + 1);
 * Infinity when a repeat is unbounded or the node needs what backtracking-only features bring.
 * Each walk is tried at most once per start position, so a pattern with few paths costs the engine
 * at most paths x pattern length steps per position: linear in the text whatever it is.
 */
function pathCount(node: PatternNode): number {
  switch (node.kind) {
    case "char":
    case "empty":
    case "assertion":
      return 1;
    case "sequence":
      return node.items.reduce((product, item) => Math.min(MAX_PATHS + 1, product * pathCount(item)), 1);
    case "alternation":
      return node.items.reduce((sum, item) => Math.min(MAX_PATHS + 1, sum + pathCount(item)), 0);
    case "repeat": {
      if (node.max === Infinity) return Infinity;
      const body = pathCount(node.body);
      let total = 0;
      let power = body ** node.min;
      for (let count = node.min; count <= node.max && total <= MAX_PATHS; count++, power *= body) total += power;
      return Math.min(MAX_PATHS + 1, total);
    }
    default:
      return Infinity;
  }
}

/**
 * Whether the native engine surely runs `tree` in time linear in the text: a start-anchored pattern
 * whose choices the next character decides (deterministicExits), or any pattern with few enough
 * paths (no unbounded repeat): zod's date pattern, a fixed-width code.
 */
export function backtracksLinearly(tree: PatternNode, anchoredAtStart: boolean): boolean {
  return (anchoredAtStart && deterministicExits(tree, [])) || pathCount(tree) <= MAX_PATHS;
}
