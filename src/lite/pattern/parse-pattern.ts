// Parses an ECMA-262 pattern (Unicode mode, already accepted by `new RegExp(source, "u")`) into a
// small tree the linear matcher compiles. Backreferences and lookaround parse to nodes the matcher
// cannot run (they send the pattern to the guarded native fallback); capturing groups are plain
// groups, since a schema only asks whether the pattern matches.
import { DIGIT_RANGES, DOT_RANGES, SPACE_RANGES, WORD_RANGES, complementRanges, normalizeRanges, type CharClass } from "./char-class.js";

export type PatternNode =
  | { readonly kind: "empty" }
  | { readonly kind: "char"; readonly cls: CharClass }
  | { readonly kind: "sequence"; readonly items: readonly PatternNode[] }
  | { readonly kind: "alternation"; readonly items: readonly PatternNode[] }
  | { readonly kind: "repeat"; readonly body: PatternNode; readonly min: number; readonly max: number }
  | { readonly kind: "assertion"; readonly assertion: "start" | "end" | "word" | "notWord" }
  | { readonly kind: "lookaround"; readonly body: PatternNode }
  | { readonly kind: "backreference" };

const single = (c: number): CharClass => ({ ranges: [c, c], properties: [], negated: false });
const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { t: 9, n: 10, v: 11, f: 12, r: 13, "0": 0 };
const CLASS_ESCAPES: Readonly<Record<string, readonly number[]>> = {
  d: DIGIT_RANGES, D: complementRanges(DIGIT_RANGES), w: WORD_RANGES, W: complementRanges(WORD_RANGES), s: SPACE_RANGES, S: complementRanges(SPACE_RANGES),
};

/** A character-class item: code point ranges, or a property escape. */
type ClassItem = { ranges: readonly number[]; property?: RegExp };

class PatternParser {
  private pos = 0;
  constructor(private readonly source: string) {}

  parse(): PatternNode {
    const node = this.alternation();
    if (this.pos < this.source.length) throw new SyntaxError(`unexpected ${this.source[this.pos]} at ${this.pos}`);
    return node;
  }

  private peek(): string | undefined {
    return this.source[this.pos];
  }

  private nextCodePoint(): number {
    const c = this.source.codePointAt(this.pos)!;
    this.pos += c > 0xffff ? 2 : 1;
    return c;
  }

  private alternation(): PatternNode {
    const items = [this.sequence()];
    while (this.peek() === "|") {
      this.pos++;
      items.push(this.sequence());
    }
    return items.length === 1 ? items[0]! : { kind: "alternation", items };
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = [];
    while (this.pos < this.source.length && this.peek() !== "|" && this.peek() !== ")") items.push(this.quantified(this.atom()));
    return items.length === 0 ? { kind: "empty" } : items.length === 1 ? items[0]! : { kind: "sequence", items };
  }

  private quantified(body: PatternNode): PatternNode {
    const bounds = this.quantifier();
    if (bounds === undefined) return body;
    if (this.peek() === "?") this.pos++; // lazy or greedy: the same set of matches
    return { kind: "repeat", body, min: bounds[0], max: bounds[1] };
  }

  private quantifier(): [number, number] | undefined {
    const c = this.peek();
    if (c === "*" || c === "+" || c === "?") {
      this.pos++;
      return c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    }
    if (c !== "{") return undefined;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.pos));
    if (!match) throw new SyntaxError(`bad quantifier at ${this.pos}`);
    this.pos += match[0].length;
    const min = Number(match[1]);
    return [min, match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3])];
  }

  private atom(): PatternNode {
    const c = this.peek()!;
    switch (c) {
      case "^":
        this.pos++;
        return { kind: "assertion", assertion: "start" };
      case "$":
        this.pos++;
        return { kind: "assertion", assertion: "end" };
      case ".":
        this.pos++;
        return { kind: "char", cls: { ranges: DOT_RANGES, properties: [], negated: false } };
      case "(":
        return this.group();
      case "[":
        return { kind: "char", cls: this.characterClass() };
      case "\\":
        return this.atomEscape();
      default:
        return { kind: "char", cls: single(this.nextCodePoint()) };
    }
  }

  private group(): PatternNode {
    const rest = this.source.slice(this.pos, this.pos + 4);
    const lookaround = /^\(\?(<?[=!])/.exec(rest);
    const named = /^\(\?<[^=!]/.test(rest);
    if (rest.startsWith("(?") && !lookaround && !named && !rest.startsWith("(?:")) throw new SyntaxError(`unknown group at ${this.pos}`);
    this.pos += lookaround ? lookaround[0].length : rest.startsWith("(?:") ? 3 : named ? this.source.indexOf(">", this.pos) + 1 - this.pos : 1;
    const body = this.alternation();
    if (this.peek() !== ")") throw new SyntaxError(`unclosed group at ${this.pos}`);
    this.pos++;
    return lookaround ? { kind: "lookaround", body } : body;
  }

  private atomEscape(): PatternNode {
    const c = this.source[this.pos + 1]!;
    if (c === "b" || c === "B") {
      this.pos += 2;
      return { kind: "assertion", assertion: c === "b" ? "word" : "notWord" };
    }
    if (/[1-9]/.test(c) || c === "k") {
      this.pos += c === "k" ? this.source.indexOf(">", this.pos) + 1 - this.pos : /^\\\d+/.exec(this.source.slice(this.pos))![0].length;
      return { kind: "backreference" };
    }
    const item = this.escape(false);
    return { kind: "char", cls: { ranges: item.ranges, properties: item.property ? [item.property] : [], negated: false } };
  }

  /** An escape at `pos` (on the backslash): a class escape, a property escape or one code point. */
  private escape(inClass: boolean): ClassItem {
    this.pos++;
    const c = this.source[this.pos]!;
    if (CLASS_ESCAPES[c]) {
      this.pos++;
      return { ranges: CLASS_ESCAPES[c]! };
    }
    if (c === "p" || c === "P") {
      const end = this.source.indexOf("}", this.pos);
      const property = new RegExp(`^\\${this.source.slice(this.pos, end + 1)}$`, "u");
      this.pos = end + 1;
      return { ranges: [], property };
    }
    const point = this.escapedCodePoint(c, inClass);
    return { ranges: [point, point] };
  }

  private escapedCodePoint(c: string, inClass: boolean): number {
    this.pos++;
    if (c in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[c]!;
    if (c === "b" && inClass) return 8;
    if (c === "c") return this.source.charCodeAt(this.pos++) % 32;
    if (c === "x") return this.hex(2);
    if (c === "u") return this.unicodeEscape();
    return c.codePointAt(0)!; // identity escape of a syntax character, "/" or (in a class) "-"
  }

  private hex(digits: number): number {
    const value = parseInt(this.source.slice(this.pos, this.pos + digits), 16);
    this.pos += digits;
    return value;
  }

  /** \uXXXX, \u{X...}, and a \uHHHH\uHHHH surrogate pair, which Unicode mode reads as one code point. */
  private unicodeEscape(): number {
    if (this.peek() === "{") {
      const end = this.source.indexOf("}", this.pos);
      const value = parseInt(this.source.slice(this.pos + 1, end), 16);
      this.pos = end + 1;
      return value;
    }
    const high = this.hex(4);
    const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(this.source.slice(this.pos));
    if (high >= 0xd800 && high <= 0xdbff && low) {
      this.pos += 6;
      return 0x10000 + ((high - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
    }
    return high;
  }

  private characterClass(): CharClass {
    this.pos++;
    const negated = this.peek() === "^";
    if (negated) this.pos++;
    const ranges: number[] = [];
    const properties: RegExp[] = [];
    while (this.peek() !== "]") {
      if (this.pos >= this.source.length) throw new SyntaxError("unclosed character class");
      const first = this.classAtom();
      if (this.peek() === "-" && this.source[this.pos + 1] !== "]" && !first.property && first.ranges.length === 2 && first.ranges[0] === first.ranges[1]) {
        this.pos++;
        const last = this.classAtom();
        ranges.push(first.ranges[0]!, last.ranges[1]!);
        continue;
      }
      ranges.push(...first.ranges);
      if (first.property) properties.push(first.property);
    }
    this.pos++;
    return { ranges: normalizeRanges(ranges), properties, negated };
  }

  private classAtom(): ClassItem {
    if (this.peek() === "\\") return this.escape(true);
    const point = this.nextCodePoint();
    return { ranges: [point, point] };
  }
}

/** The pattern's tree; throws SyntaxError for what it cannot read (the caller has already checked the syntax natively). */
export function parsePattern(source: string): PatternNode {
  return new PatternParser(source).parse();
}
