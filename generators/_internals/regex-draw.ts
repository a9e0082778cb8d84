// A small regex-to-string drawer for the patterns tool schemas use (literals, classes, escapes,
// groups, alternation, quantifiers, ^ and $): about five times faster than fc.stringMatching. A
// pattern with anything else (lookaround, backreferences, \p{...}, \b) returns undefined and the
// caller keeps fc.stringMatching.
import type { Digits } from "./draw-arbitrary.js";

type Node =
  | { kind: "text"; chars: readonly string[] }
  | { kind: "alternation"; options: readonly Sequence[] }
  | { kind: "repeat"; node: Node; min: number; max: number };
interface Sequence {
  readonly nodes: readonly Node[];
  readonly start: boolean;
  readonly end: boolean;
}

class Unsupported extends Error {}

/** Open-ended quantifiers (*, +, {n,}) repeat at most this many times beyond their minimum. */
const OPEN_REPEAT = 6;
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const range = (from: string, to: string) => Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i));
const DIGITS = range("0", "9");
const WORD = [...range("a", "z"), ...range("A", "Z"), ...DIGITS, "_"];
const SPACE = [" ", "\t", "\n"];
const complement = (chars: readonly string[]) => PRINTABLE.filter((c) => !chars.includes(c));
const CLASS_ESCAPES: Readonly<Record<string, readonly string[]>> = { d: DIGITS, D: complement(DIGITS), w: WORD, W: complement(WORD), s: SPACE, S: complement(SPACE) };
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", f: "\f", v: "\v", "0": "\0" };

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at < this.source.length) throw new Unsupported();
    return node;
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === "|") {
      this.at++;
      options.push(this.sequence());
    }
    return { kind: "alternation", options };
  }

  private sequence(): Sequence {
    const start = this.peek() === "^";
    if (start) this.at++;
    const nodes: Node[] = [];
    let end = false;
    while (this.at < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      if (this.peek() === "$") {
        this.at++;
        end = true;
        if (this.at < this.source.length && this.peek() !== "|" && this.peek() !== ")") throw new Unsupported();
        break;
      }
      nodes.push(this.quantified(this.atom()));
    }
    return { nodes, start, end };
  }

  private atom(): Node {
    const char = this.source[this.at++]!;
    if (char === "(") {
      if (this.source.startsWith("?:", this.at)) this.at += 2;
      else if (this.peek() === "?") throw new Unsupported();
      const inner = this.alternation();
      if (this.source[this.at++] !== ")") throw new Unsupported();
      return inner;
    }
    if (char === "[") return { kind: "text", chars: this.characterClass() };
    if (char === ".") return { kind: "text", chars: PRINTABLE };
    if (char === "\\") return { kind: "text", chars: this.escape() };
    if ("^$*+?{}]".includes(char)) throw new Unsupported();
    return { kind: "text", chars: [char] };
  }

  private escape(): readonly string[] {
    const char = this.source[this.at++];
    if (char === undefined || /[bBkpPc1-9]/.test(char)) throw new Unsupported();
    if (CLASS_ESCAPES[char]) return CLASS_ESCAPES[char]!;
    if (CONTROL_ESCAPES[char]) return [CONTROL_ESCAPES[char]!];
    if (char === "u" || char === "x") {
      const hex = char === "x" ? this.source.slice(this.at, this.at + 2) : this.source.slice(this.at, this.at + 4);
      if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== (char === "x" ? 2 : 4)) throw new Unsupported();
      this.at += hex.length;
      return [String.fromCharCode(parseInt(hex, 16))];
    }
    if (/[a-zA-Z]/.test(char)) throw new Unsupported();
    return [char];
  }

  private characterClass(): readonly string[] {
    const negated = this.peek() === "^";
    if (negated) this.at++;
    const members: string[] = [];
    while (this.peek() !== "]") {
      if (this.at >= this.source.length) throw new Unsupported();
      const first = this.classMember();
      if (this.peek() === "-" && this.source[this.at + 1] !== "]" && first.length === 1) {
        this.at++;
        const last = this.classMember();
        if (last.length !== 1 || last[0]! < first[0]!) throw new Unsupported();
        members.push(...range(first[0]!, last[0]!));
      } else members.push(...first);
    }
    this.at++;
    const chars = negated ? complement(members) : [...new Set(members)];
    if (chars.length === 0) throw new Unsupported();
    return chars;
  }

  private classMember(): readonly string[] {
    const char = this.source[this.at++]!;
    return char === "\\" ? this.escape() : [char];
  }

  private quantified(node: Node): Node {
    const char = this.peek();
    let bounds: [number, number] | undefined;
    if (char === "*") bounds = [0, OPEN_REPEAT];
    else if (char === "+") bounds = [1, 1 + OPEN_REPEAT];
    else if (char === "?") bounds = [0, 1];
    else if (char === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) throw new Unsupported();
      const min = Number(match[1]);
      const max = match[2] === undefined ? min : match[3] === "" ? min + OPEN_REPEAT : Number(match[3]);
      this.at += match[0].length - 1;
      bounds = [min, max];
    }
    if (!bounds) return node;
    this.at++;
    if (this.peek() === "?") this.at++; // lazy: same language
    if (this.peek() === "*" || this.peek() === "+" || this.peek() === "{") throw new Unsupported();
    return { kind: "repeat", node, min: bounds[0], max: bounds[1] };
  }
}

/** A number in [min, max]; without a random source, the smallest. */
function choose(random: Digits | undefined, min: number, max: number): number {
  return random ? min + random.below(max - min + 1) : min;
}

/** Draws a string from the node; without a random source every choice takes its smallest option. */
function drawNode(node: Node, random: Digits | undefined, out: string[], top = false): void {
  if (node.kind === "text") out.push(node.chars[choose(random, 0, node.chars.length - 1)]!);
  else if (node.kind === "repeat") for (let i = choose(random, node.min, node.max); i > 0; i--) drawNode(node.node, random, out);
  else {
    const option = node.options[choose(random, 0, node.options.length - 1)]!;
    if (!option.start) drawAround(random, out, top);
    for (const inner of option.nodes) drawNode(inner, random, out);
    if (!option.end) drawAround(random, out, top);
  }
}

/** An unanchored pattern matches anywhere: the whole string may carry text around the match. */
function drawAround(random: Digits | undefined, out: string[], top: boolean): void {
  if (top && random) for (let i = choose(random, 0, 2); i > 0; i--) out.push(PRINTABLE[choose(random, 0, PRINTABLE.length - 1)]!);
}

export interface RegexDrawer {
  draw(random: Digits): string;
  readonly smallest: string;
}

/** A drawer for the pattern, or undefined when it uses syntax outside the supported subset. */
export function compileRegexDrawer(pattern: string, regex: RegExp): RegexDrawer | undefined {
  let root: Node;
  try {
    root = new Parser(pattern).parse();
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const render = (random: Digits | undefined) => {
    const out: string[] = [];
    drawNode(root, random, out, true);
    return out.join("");
  };
  const smallest = render(undefined);
  if (!regex.test(smallest)) return undefined;
  return { draw: (random) => render(random), smallest };
}
