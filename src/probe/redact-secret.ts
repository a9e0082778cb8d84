// Keys never reach a file or a log: every text the probe reads or writes passes through this scrub, in
// one pass over the text per key (linear: a 200 KB answer scrubs in milliseconds). What it scrubs, for
// the key given and every key found in the environment:
// - the key, the key less its last or first character, in any letter case;
// - the key written with JSON escapes (`\u0073k-…`, `\/`): matching runs on the decoded text and the
//   span found is cut from the text as written;
// - masked echoes: a run of mask characters (`***`, `•••`, `xxx`, `…`, `...`) joined to 4+ characters
//   of the key's start or end (`sk-tes...3456`, `sk-txxxxxxxxxxxx3456`, `sk-proj-****R123`);
// - key-shaped masked tokens of keys it does not know (`sk-abc****9f2Q`, `AIza****abcd`).
// Chunks are scrubbed as one text (secretScrubber().chunks): a key split across two reads is found.
import { API_KEY_ENV } from "../../providers/wire/wire-adapters.js";

const REDACTED = "<redacted>";
/** Shorter values are not keys (and would scrub ordinary text). */
const MIN_SECRET_LENGTH = 8;
/** How many of a key's first or last characters next to a mask make it a piece of the key. */
const MIN_PIECE = 4;
/** Environment variables that hold keys besides the providers' own. */
const KEY_VARIABLE = /(?:^|_)(?:API_KEY|TOKEN|SECRET|ACCESS_KEY|ACCESS_KEY_ID)$/;
/** AWS credentials by name (AWS_BEARER_TOKEN_BEDROCK ends in neither pattern). */
const AWS_KEY_VARIABLES = new Set(["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK"]);
/** A run of mask characters, matched without backtracking. */
const MASK_RUN = /[*•xX#]{3,}|\.{3,}|…+/g;
/** The start of a key-shaped token, for keys the scrubber was not told about. */
const KEY_SHAPED_START = /^(?:sk|pk|rk)[-_]|^AIza|^(?:api[-_]?)?key[-_]/i;
const KEY_CHAR = /[A-Za-z0-9_-]/;

/** The keys this process could send: the one given, every provider key variable and every *_API_KEY / *_TOKEN set. */
export function knownSecrets(secret: string | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  const providerNames = new Set(Object.values(API_KEY_ENV));
  const fromEnv = Object.entries(env)
    .filter(([name]) => providerNames.has(name) || AWS_KEY_VARIABLES.has(name) || KEY_VARIABLE.test(name))
    .map(([, value]) => value);
  return [...new Set([secret, ...fromEnv])].filter((value): value is string => typeof value === "string" && value.length >= MIN_SECRET_LENGTH);
}

export interface SecretScrubber {
  text(text: string): string;
  /** Scrubbed as one text; each chunk keeps its place, a key spanning a boundary is cut from the chunk where it starts. */
  chunks(chunks: readonly string[]): string[];
}

export function secretScrubber(secret: string | undefined, env: NodeJS.ProcessEnv = process.env): SecretScrubber {
  const secrets = knownSecrets(secret, env).map(asciiLower);
  return {
    text: (text) => applySpans(text, findSecretSpans(text, secrets)),
    chunks: (chunks) => scrubChunks(chunks, secrets),
  };
}

export function redactSecret(text: string, secret: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return secretScrubber(secret, env).text(text);
}

/** The text as a reader of its JSON strings sees it, letter case folded, with where each character came from. */
interface DecodedView {
  readonly text: string;
  /** start[i], end[i]: the span of the original text that decoded character i came from. */
  readonly start: Int32Array;
  readonly end: Int32Array;
}

function decodeView(text: string): DecodedView {
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  let out = "";
  let n = 0;
  const parts: string[] = [];
  for (let i = 0; i < text.length; ) {
    let char = text[i]!;
    let next = i + 1;
    if (char === "\\") {
      // Any run of backslashes (JSON in JSON) before an escape decodes as that escape.
      let j = i;
      while (j < text.length && text[j] === "\\") j += 1;
      const escaped = text[j];
      if (escaped === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(j + 1, j + 5))) {
        char = String.fromCharCode(parseInt(text.slice(j + 1, j + 5), 16));
        next = j + 5;
      } else if (escaped !== undefined && '"/\\'.includes(escaped)) {
        char = escaped;
        next = j + 1;
      } else if (escaped !== undefined && "bfnrt".includes(escaped)) {
        char = " ";
        next = j + 1;
      } else {
        next = j;
      }
    }
    const code = char.charCodeAt(0);
    parts.push(code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char);
    start[n] = i;
    end[n] = next;
    n += 1;
    i = next;
    if (parts.length >= 8192) {
      out += parts.join("");
      parts.length = 0;
    }
  }
  out += parts.join("");
  return { text: out, start: start.subarray(0, n), end: end.subarray(0, n) };
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase());
}

type Span = readonly [number, number];

/** Spans of the original text to cut, sorted and merged. */
export function findSecretSpans(text: string, secrets: readonly string[]): Span[] {
  if (text.length === 0) return [];
  const view = decodeView(text);
  const found: [number, number][] = [];
  const add = (from: number, to: number): void => {
    if (to > from) found.push([view.start[from]!, view.end[to - 1]!]);
  };
  for (const secret of secrets) {
    // The key less its last character finds the whole key too; less its first finds a cut at the front.
    for (const piece of [secret.slice(0, -1), secret.slice(1)]) {
      for (let at = view.text.indexOf(piece); at !== -1; at = view.text.indexOf(piece, at + piece.length)) {
        const whole = view.text.startsWith(secret, at) ? secret.length : view.text.startsWith(secret, at - 1) ? -1 : piece.length;
        if (whole === -1) add(at - 1, at + piece.length);
        else add(at, at + whole);
      }
    }
  }
  for (const run of view.text.matchAll(MASK_RUN)) {
    const runStart = run.index;
    const runEnd = runStart + run[0].length;
    const before = tokenBefore(view.text, runStart);
    const after = tokenAfter(view.text, runEnd);
    // `x` masks and keys share a letter: the run may have eaten a key's own x at either end.
    const lead = /^[xX]*/.exec(run[0])![0];
    const trail = /[xX]*$/.exec(run[0])![0];
    const joined = (secret: string): boolean =>
      endsWithKeyStart(before, secret) || startsWithKeyEnd(after, secret) || (lead !== "" && endsWithKeyStart(before + lead.slice(0, 256), secret)) || (trail !== "" && startsWithKeyEnd(trail.slice(-256) + after, secret));
    if (secrets.some(joined) || KEY_SHAPED_START.test(before)) {
      add(runStart - before.length, runEnd + after.length);
    }
  }
  return merge(found);
}

/** Key characters just before `at` (a few more than any key is long, so the scan is bounded). */
function tokenBefore(text: string, at: number): string {
  let from = at;
  while (from > 0 && at - from < 256 && KEY_CHAR.test(text[from - 1]!)) from -= 1;
  return text.slice(from, at);
}

function tokenAfter(text: string, at: number): string {
  let to = at;
  while (to < text.length && to - at < 256 && KEY_CHAR.test(text[to]!)) to += 1;
  return text.slice(at, to);
}

/** The token ends in 4+ of the key's first characters (`...sk-tes` before `...`). */
function endsWithKeyStart(token: string, secret: string): boolean {
  const head = secret.slice(0, MIN_PIECE);
  const at = token.lastIndexOf(head);
  return at !== -1 && secret.startsWith(token.slice(at));
}

/** The token starts with 4+ of the key's last characters (`3456` after `...`). */
function startsWithKeyEnd(token: string, secret: string): boolean {
  const tail = secret.slice(-MIN_PIECE);
  const at = token.indexOf(tail);
  return at !== -1 && secret.endsWith(token.slice(0, at + MIN_PIECE));
}

function merge(spans: [number, number][]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

function applySpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of spans) {
    parts.push(text.slice(at, from), REDACTED);
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

function scrubChunks(chunks: readonly string[], secrets: readonly string[]): string[] {
  const whole = chunks.join("");
  const spans = findSecretSpans(whole, secrets);
  if (spans.length === 0) return [...chunks];
  const out: string[] = [];
  let offset = 0;
  let spanIndex = 0;
  // Where the previous chunk's last cut ended: a span that crossed into this chunk is already replaced.
  let covered = 0;
  for (const chunk of chunks) {
    const chunkEnd = offset + chunk.length;
    const parts: string[] = [];
    let at = Math.max(offset, covered);
    while (spanIndex < spans.length && spans[spanIndex]![0] < chunkEnd) {
      const [from, to] = spans[spanIndex]!;
      if (from >= at) parts.push(whole.slice(at, from));
      parts.push(REDACTED);
      at = Math.max(at, to);
      covered = to;
      spanIndex += 1;
    }
    if (at < chunkEnd) parts.push(whole.slice(at, chunkEnd));
    out.push(parts.join(""));
    offset = chunkEnd;
  }
  return out;
}
