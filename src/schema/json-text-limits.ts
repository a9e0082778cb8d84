// What every reader checks in a JSON text before parsing it: that it is UTF-8 text (UTF-16 and binary
// files are named as such at 1:1, not reported as a syntax error at the end of the file) and that it
// is nested no deeper than MAX_JSON_NESTING, so no recursive walker downstream can run out of stack.

/** The deepest nesting of arrays and objects any document may have (catalogs, schemas, results). */
export const MAX_JSON_NESTING = 1000;

export interface JsonTextProblem {
  /** Offset into the text where the problem is (0 for the encoding). */
  readonly offset: number;
  readonly reason: string;
}

import { lineAndColumn } from "./catalog-error.js";

const SAMPLE = 4096;

/** UTF-16 or binary content, as read with the "utf8" decoding; null when it is text. */
export function encodingProblem(text: string): JsonTextProblem | null {
  if (text.charCodeAt(0) === 0xfffd && text.charCodeAt(1) === 0xfffd) {
    return { offset: 0, reason: "the file is UTF-16 encoded (it starts with a UTF-16 byte-order mark); save it as UTF-8" };
  }
  const sample = text.slice(0, SAMPLE);
  const nul = sample.indexOf("\u0000");
  if (nul < 0) return null;
  const alternating = /^(?:[^\u0000]\u0000){4}|^(?:\u0000[^\u0000]){4}/.test(sample);
  return { offset: 0, reason: alternating ? "the file looks UTF-16 encoded (every other byte is zero); save it as UTF-8" : "the file is binary (it holds NUL bytes), not JSON text" };
}

/** The first bracket that opens level MAX_JSON_NESTING + 1, outside strings; null when none does. */
export function nestingProblem(text: string, limit: number = MAX_JSON_NESTING): JsonTextProblem | null {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > limit) return { offset: index, reason: `nested deeper than ${limit} levels (the nesting limit of every reader)` };
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return null;
}

/** Either problem, the encoding first. */
export function jsonTextProblem(text: string, limit: number = MAX_JSON_NESTING): JsonTextProblem | null {
  return encodingProblem(text) ?? nestingProblem(text, limit);
}

/** JSON.parse behind the same checks; a problem throws an Error whose message starts with `line:column:`. */
export function parseCheckedJson(text: string, limit: number = MAX_JSON_NESTING): unknown {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const problem = jsonTextProblem(withoutBom, limit);
  if (problem) {
    const { line, column } = lineAndColumn(withoutBom, problem.offset);
    throw new Error(`${line}:${column}: ${problem.reason}`);
  }
  return JSON.parse(withoutBom) as unknown;
}
