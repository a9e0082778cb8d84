// Where each JSON Pointer of a JSON text starts: one linear scan recording, for every member, the
// offset of its key (where an editor should point for "this keyword"), and for array items the
// offset of the value. SARIF and annotations use it to put a result on the schema keyword's line.
import { lineAndColumn } from "./catalog-error.js";

const escapeSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** Offsets by JSON Pointer ("" is the document). Returns an empty map for text that is not JSON. */
export function jsonPointerOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let i = 0;
  const space = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string, depth: number): void => {
    if (depth > 10_000) throw new Error("too deep");
    space();
    if (!offsets.has(pointer)) offsets.set(pointer, i);
    const c = text[i];
    if (c === "{") {
      i++;
      space();
      while (text[i] === '"') {
        const keyAt = i;
        const key = string();
        const child = `${pointer}/${escapeSegment(key)}`;
        offsets.set(child, keyAt);
        space();
        i++; // :
        value(child, depth + 1);
        space();
        if (text[i] === ",") {
          i++;
          space();
        }
      }
      i++; // }
    } else if (c === "[") {
      i++;
      space();
      for (let index = 0; text[i] !== "]" && i < text.length; index++) {
        value(`${pointer}/${index}`, depth + 1);
        space();
        if (text[i] === ",") i++;
        space();
      }
      i++;
    } else if (c === '"') string();
    else while (i < text.length && !",]} \n\r\t".includes(text[i]!)) i++;
  };
  try {
    value("", 0);
  } catch {
    return new Map();
  }
  return offsets;
}

/** Line and column (1-based) of the deepest prefix of `pointer` the text has. */
export function positionOfPointer(text: string, offsets: ReadonlyMap<string, number>, pointer: string): { line: number; column: number } {
  let probe = pointer;
  for (;;) {
    const offset = offsets.get(probe);
    if (offset !== undefined) return lineAndColumn(text, offset);
    if (probe === "") return { line: 1, column: 1 };
    probe = probe.slice(0, probe.lastIndexOf("/"));
  }
}
