// Loads @mlc-ai/web-xgrammar (XGrammar compiled to WASM, vLLM's default structured-output backend) in
// Node. Its lib/index.js is a UMD bundle inside a `"type": "module"` package, so `import` fails
// ("require is not defined"): a copy with a `.cjs` name in a temp dir is loaded through createRequire.
// The engine reports a fatal error on stderr (`[FATAL] ...`) and throws `Aborted()`; its stderr printer
// is bound when its WASM module starts, so engine calls run with a router that can capture it.
import { copyFileSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The slice of the package's API the engine uses (lib/xgrammar.d.ts). */
export interface XGrammarModule {
  readonly TokenizerInfo: { createTokenizerInfo(vocab: string[], vocabType: string, prependSpace: boolean, vocabSize: number, stopTokenIds: number[]): Promise<XTokenizerInfo> };
  readonly GrammarCompiler: { createGrammarCompiler(info: XTokenizerInfo, cacheEnabled?: boolean): Promise<XGrammarCompiler> };
  readonly GrammarMatcher: { createGrammarMatcher(compiled: XCompiledGrammar): Promise<XGrammarMatcher> };
}
export interface XTokenizerInfo {
  getVocabSize(): number;
  dispose(): void;
}
export interface XGrammarCompiler {
  compileJSONSchema(schema: string, anyWhitespace?: boolean): Promise<XCompiledGrammar>;
  dispose(): void;
}
export interface XCompiledGrammar {
  dispose(): void;
}
export interface XGrammarMatcher {
  acceptToken(token: number): boolean;
  getNextTokenBitmask(): Promise<Int32Array>;
  isTerminated(): boolean;
  dispose(): void;
}

export interface LoadedXGrammar {
  readonly xgrammar: XGrammarModule;
  /** Runs `work`, returning what the engine printed on stderr meanwhile (its `[FATAL]` lines). */
  capture<T>(work: () => Promise<T>): Promise<{ result?: T; error?: unknown; printed: string }>;
}

export class XGrammarUnavailableError extends Error {
  override readonly name = "XGrammarUnavailableError";
}

let loaded: LoadedXGrammar | undefined;

export function loadXGrammar(): LoadedXGrammar {
  if (loaded !== undefined) return loaded;
  const require = createRequire(import.meta.url);
  let source: string;
  try {
    source = require.resolve("@mlc-ai/web-xgrammar");
  } catch {
    throw new XGrammarUnavailableError("@mlc-ai/web-xgrammar is not installed (npm install --save-dev @mlc-ai/web-xgrammar)");
  }
  const copy = join(mkdtempSync(join(tmpdir(), "schemalab-xgrammar-")), "xgrammar.cjs");
  copyFileSync(source, copy);
  const xgrammar = createRequire(copy)(copy) as XGrammarModule;
  // The bundle binds `console.error` as its stderr printer when its WASM module first starts (inside
  // the first call), so every call runs with the router installed; the router outlives the call.
  let sink: ((text: string) => void) | null = null;
  const original = console.error;
  const router = (...args: unknown[]): void => (sink === null ? original(...args) : sink(args.map(String).join(" ")));
  const capture = async <T>(work: () => Promise<T>): Promise<{ result?: T; error?: unknown; printed: string }> => {
    const lines: string[] = [];
    const previous = { sink, error: console.error };
    sink = (text) => lines.push(text);
    console.error = router;
    try {
      return { result: await work(), printed: lines.join("\n") };
    } catch (error) {
      return { error, printed: lines.join("\n") };
    } finally {
      sink = previous.sink;
      console.error = previous.error;
    }
  };
  loaded = { xgrammar, capture };
  return loaded;
}
