// A real grammar engine for tests: XGrammar (WASM) over a byte-level vocabulary (256 byte tokens and an
// end-of-sequence token), with a deterministic decoder that copies the asked value byte by byte through
// the grammar's token mask. Where the asked byte is masked out it takes the smallest allowed token that
// is not whitespace (whitespace only when nothing else is allowed), and after each object key it writes
// it picks up the asked text again right after that key (keyResync); once the asked bytes are spent it
// completes minimally: end of sequence when allowed, else a closing `"`, `}` or `]`, else the smallest.
// Engine work runs one call at a time: the engine's stderr capture is global.
import { loadXGrammar, type LoadedXGrammar, type XCompiledGrammar, type XGrammarCompiler } from "./xgrammar-load.js";

export const EOS_TOKEN = 256;
const VOCAB_SIZE = 257;
/** vLLM's default for xgrammar: whitespace is free between tokens (`disable_any_whitespace` off). */
const ANY_WHITESPACE = true;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
/**
 * Completion prefers to close a string, then `@` (an email's local part takes `}` as a letter), then to
 * close objects and arrays, then the plainest fillers; a token used 4 times in the last 8 steps is passed
 * over while something else is allowed, so a filler cannot loop.
 */
const COMPLETION_ORDER = [0x22, 0x40, 0x3a, 0x7d, 0x5d, 0x61, 0x30, 0x44, 0x2e, 0x31, 0x50, 0x54];
const LOOP_WINDOW = 8;
/** `"`, `}`, `]`: bytes that end a value. */
const CLOSERS = new Set([0x22, 0x7d, 0x5d]);
const LOOP_REPEATS = 4;

export type CompileResult = { readonly ok: true; readonly grammar: XCompiledGrammar } | { readonly ok: false; readonly error: string };

export interface DecodeResult {
  readonly text: string;
  /** `stop`: the grammar ended; `length`: the token cap was met first. */
  readonly finish: "stop" | "length";
}

export class XGrammarEngine {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly compiled = new Map<string, CompileResult>();

  private constructor(
    private readonly loaded: LoadedXGrammar,
    private readonly compiler: XGrammarCompiler,
  ) {}

  static async create(): Promise<XGrammarEngine> {
    const loaded = loadXGrammar();
    const vocab = Array.from({ length: 256 }, (_, byte) => `<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
    vocab.push("</s>");
    const started = await loaded.capture(async () => {
      const info = await loaded.xgrammar.TokenizerInfo.createTokenizerInfo(vocab, "byte_fallback", false, VOCAB_SIZE, [EOS_TOKEN]);
      return loaded.xgrammar.GrammarCompiler.createGrammarCompiler(info, false);
    });
    if (started.result === undefined) throw new Error(`xgrammar did not start: ${engineError(started.printed, started.error)}`);
    return new XGrammarEngine(loaded, started.result);
  }

  /** The schema compiled to a grammar, or the engine's own error text (`[FATAL] ...` then the abort). */
  compile(schema: unknown): Promise<CompileResult> {
    const text = JSON.stringify(schema);
    return this.serial(async () => {
      const known = this.compiled.get(text);
      if (known !== undefined) return known;
      const run = await this.loaded.capture(() => this.compiler.compileJSONSchema(text, ANY_WHITESPACE));
      const result: CompileResult = run.result !== undefined ? { ok: true, grammar: run.result } : { ok: false, error: engineError(run.printed, run.error) };
      this.compiled.set(text, result);
      return result;
    });
  }

  /** Does the grammar take exactly this text, end of sequence included? */
  accepts(grammar: XCompiledGrammar, text: string): Promise<boolean> {
    return this.serial(async () => {
      const matcher = await this.loaded.xgrammar.GrammarMatcher.createGrammarMatcher(grammar);
      try {
        for (const byte of Buffer.from(text, "utf8")) if (!matcher.acceptToken(byte)) return false;
        return matcher.acceptToken(EOS_TOKEN) || matcher.isTerminated();
      } finally {
        matcher.dispose();
      }
    });
  }

  /** The deterministic decoder: the asked text copied through the mask, then a minimal completion. */
  decode(grammar: XCompiledGrammar, asked: string, maxTokens: number): Promise<DecodeResult> {
    return this.serial(async () => {
      const matcher = await this.loaded.xgrammar.GrammarMatcher.createGrammarMatcher(grammar);
      const out: number[] = [];
      const want = Buffer.from(asked, "utf8");
      let next = 0;
      const resynced = new Set<number>();
      try {
        for (let step = 0; step < maxTokens; step += 1) {
          const allowed = allowedTokens(await matcher.getNextTokenBitmask());
          const wanted = next < want.length ? want[next]! : undefined;
          // A closing byte the mask refuses (a string held open for minLength) is waited for, not replaced:
          // the value is completed until it may close, and copying goes on from there.
          const held = wanted !== undefined && !allowed.has(wanted) && CLOSERS.has(wanted);
          const token = wanted === undefined || held ? completion(allowed, out.slice(-LOOP_WINDOW)) : copyOrNearest(wanted, allowed);
          if (token === undefined || token === EOS_TOKEN) return { text: Buffer.from(out).toString("utf8"), finish: "stop" };
          matcher.acceptToken(token);
          out.push(token);
          next = keyResync(want, out, held ? next : next + 1, resynced);
          if (matcher.isTerminated()) return { text: Buffer.from(out).toString("utf8"), finish: "stop" };
        }
        return { text: Buffer.from(out).toString("utf8"), finish: "length" };
      } finally {
        matcher.dispose();
      }
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * A model keeps its place: once the text just written ends an object key (`,"name":` or `{"name":`) that
 * the asked text holds once as a key, copying goes on right after that key in the asked text, so one value the
 * mask bent (a string held open for minLength, a number cut short) does not shift every later value.
 * Each asked key is picked up at most once.
 */
function keyResync(want: Buffer, out: readonly number[], next: number, resynced: Set<number>): number {
  const COLON = 0x3a;
  const QUOTE = 0x22;
  if (out.length < 4 || out[out.length - 1] !== COLON || out[out.length - 2] !== QUOTE) return next;
  let start = out.length - 3;
  while (start >= 0 && out[start] !== QUOTE) start -= 1;
  if (start < 1 || (out[start - 1] !== 0x2c && out[start - 1] !== 0x7b)) return next;
  // The key itself (`"name":`), whatever came before it: the asked text may hold its members in another order.
  const key = Buffer.from(out.slice(start));
  const at = want.indexOf(key);
  if (at < 1 || want.indexOf(key, at + 1) >= 0 || (want[at - 1] !== 0x2c && want[at - 1] !== 0x7b)) return next;
  // Once per asked key: a key the grammar lets repeat (propertyNames) must not send copying round in a loop.
  if (resynced.has(at)) return next;
  resynced.add(at);
  return at + key.length;
}

function allowedTokens(mask: Int32Array): Set<number> {
  const allowed = new Set<number>();
  for (let token = 0; token < VOCAB_SIZE; token += 1) if (((mask[token >> 5]! >>> (token & 31)) & 1) === 1) allowed.add(token);
  return allowed;
}

function copyOrNearest(wanted: number, allowed: ReadonlySet<number>): number | undefined {
  if (allowed.has(wanted)) return wanted;
  return smallest(allowed);
}

function completion(allowed: ReadonlySet<number>, recent: readonly number[]): number | undefined {
  if (allowed.has(EOS_TOKEN)) return EOS_TOKEN;
  const fresh = new Set([...allowed].filter((token) => recent.filter((used) => used === token).length < LOOP_REPEATS));
  const pool = fresh.size > 0 ? fresh : allowed;
  return COMPLETION_ORDER.find((token) => pool.has(token)) ?? smallest(pool);
}

/** The smallest allowed printable ASCII token, else the smallest allowed one (whitespace last). */
function smallest(allowed: ReadonlySet<number>): number | undefined {
  const sorted = [...allowed].filter((token) => token !== EOS_TOKEN).sort((a, b) => a - b);
  return sorted.find((token) => token > 0x20 && token < 0x7f) ?? sorted.find((token) => !WHITESPACE.has(token)) ?? sorted[0] ?? (allowed.has(EOS_TOKEN) ? EOS_TOKEN : undefined);
}

function engineError(printed: string, error: unknown): string {
  const fatal = printed.split("\n").filter((line) => line.trim() !== "").join(" ");
  const thrown = error instanceof Error ? error.message : String(error);
  return fatal === "" ? thrown : fatal.includes("Aborted()") ? fatal : `${fatal} ${thrown}`;
}
