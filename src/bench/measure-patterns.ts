// The regex engines side by side on the patterns of the benchmark's schemas: native RegExp (the u
// flag; backtracking), lite's linear matcher, and re2js (RE2 in pure JavaScript, a dev dependency:
// reported unavailable without it). Each tests every pattern against every string value of the
// corpus's instances, so the strings are those validators meet.
import { Bench } from "tinybench";
import { compilePattern, linearMatcherOf } from "../lite/pattern/compile-pattern.js";
import type { BenchCase } from "./bench-corpus.js";
import { benchClock } from "./measure-bench.js";

export interface PatternEngineMeasurement {
  readonly patterns: number;
  readonly strings: number;
  /** Patterns left out because an engine cannot compile them (re2js has no lookaround, fewer property names). */
  readonly skipped: readonly string[];
  /**
   * Pattern tests per second, by engine; null when the engine is not installed. `lite` is what lite
   * runs (native where it surely backtracks linearly, else the linear matcher); `linear` is the linear
   * matcher on every pattern.
   */
  readonly perSecond: { readonly native: number; readonly lite: number; readonly linear: number; readonly re2js: number | null };
}

type Tester = (text: string) => boolean;

function collect(value: unknown, patterns: Set<string>, strings: Set<string>, key?: string): void {
  if (typeof value === "string") {
    if (key === "pattern") patterns.add(value);
    else strings.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, patterns, strings);
  } else if (typeof value === "object" && value !== null) {
    for (const [name, item] of Object.entries(value)) {
      if (key === "patternProperties") patterns.add(name);
      strings.add(name);
      collect(item, patterns, strings, key === "properties" ? undefined : name);
    }
  }
}

type Re2 = { compile(pattern: string): { test(text: string): boolean } };

async function loadRe2(): Promise<Re2 | null> {
  try {
    return ((await import("re2js")) as unknown as { RE2JS: Re2 }).RE2JS;
  } catch {
    return null;
  }
}

function testersFor(source: string, re2: Re2 | null): { native: Tester; lite: Tester; linear: Tester; re2js: Tester | null } | null {
  const lite = compilePattern(source);
  const linear = "test" in lite ? linearMatcherOf(source) : undefined;
  if (!("test" in lite) || !linear) return null;
  let re2js: Tester | null = null;
  try {
    if (re2) {
      const compiled = re2.compile(source);
      re2js = (text) => compiled.test(text);
    }
  } catch {
    return null;
  }
  const native = new RegExp(source, "u");
  return { native: (text) => native.test(text), lite: (text) => lite.test(text), linear: (text) => linear.test(text), re2js };
}

export async function measurePatternEngines(cases: readonly BenchCase[], timeMs: number): Promise<PatternEngineMeasurement> {
  const sources = new Set<string>();
  const strings = new Set<string>();
  for (const c of cases) {
    collect(c.schema, sources, new Set());
    for (const value of [...c.valid, ...c.invalid]) collect(value, new Set(), strings);
  }
  const re2 = await loadRe2();
  const skipped: string[] = [];
  const testers = [...sources].flatMap((source) => {
    const engines = testersFor(source, re2);
    if (!engines) skipped.push(source);
    return engines ? [engines] : [];
  });
  const texts = [...strings];
  const bench = new Bench({ time: timeMs, iterations: 3, warmupTime: Math.min(timeMs, 100), throws: true, now: benchClock() });
  const run = (pick: (t: (typeof testers)[number]) => Tester) => () => {
    for (const engines of testers) {
      const test = pick(engines);
      for (const text of texts) test(text);
    }
  };
  bench.add("native", run((t) => t.native));
  bench.add("lite", run((t) => t.lite));
  bench.add("linear", run((t) => t.linear));
  if (re2) bench.add("re2js", run((t) => t.re2js!));
  await bench.run();
  const perSecond = (name: string) => {
    const result = bench.getTask(name)?.result;
    return result && "period" in result && result.period > 0 ? (testers.length * texts.length * 1000) / result.period : 0;
  };
  return { patterns: testers.length, strings: texts.length, skipped, perSecond: { native: perSecond("native"), lite: perSecond("lite"), linear: perSecond("linear"), re2js: re2 ? perSecond("re2js") : null } };
}
