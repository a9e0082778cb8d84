// Duplicate object keys in a JSON text (`{"name":"a","name":"b"}`): JSON.parse keeps the last and says
// nothing, so an answer that repeats a key is read here, on the raw text, in one linear pass. Each
// duplicate is reported with the JSON Pointer of its object. A text that is not JSON gives what was
// found before the point it stops making sense.
export interface DuplicateKey {
  /** JSON Pointer of the object that repeats the key ("" for the root). */
  readonly path: string;
  readonly key: string;
}

interface Frame {
  readonly kind: "object" | "array";
  readonly path: string;
  readonly keys: Set<string>;
  /** Objects: the key whose value is being read; arrays: the index of the next item. */
  member: string;
  index: number;
  /** Objects: the next string is a key. */
  expectKey: boolean;
}

export function scanDuplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      const end = stringEnd(text, i);
      if (end < 0) break;
      const top = stack.at(-1);
      if (top?.kind === "object" && top.expectKey) {
        const key = decode(text.slice(i, end + 1));
        if (top.keys.has(key)) found.push({ path: top.path, key });
        top.keys.add(key);
        top.member = key;
        top.expectKey = false;
      }
      i = end + 1;
      continue;
    }
    if (char === "{" || char === "[") {
      stack.push({ kind: char === "{" ? "object" : "array", path: childPath(stack.at(-1)), keys: new Set(), member: "", index: 0, expectKey: char === "{" });
    } else if (char === "}" || char === "]") {
      stack.pop();
    } else if (char === ",") {
      const top = stack.at(-1);
      if (top?.kind === "object") top.expectKey = true;
      else if (top !== undefined) top.index += 1;
    }
    i += 1;
  }
  return found;
}

/** The pointer of the value being read in `parent` (the root when there is none). */
function childPath(parent: Frame | undefined): string {
  if (parent === undefined) return "";
  const token = parent.kind === "object" ? parent.member : String(parent.index);
  return `${parent.path}/${token.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** Index of the closing quote of the string opening at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function decode(literal: string): string {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal.slice(1, -1);
  }
}
