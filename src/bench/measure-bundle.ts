// schemalab/lite's shipped weight: esbuild bundle of a lite entry, minified, then gzip -9.
// esbuild is a dev dependency: without it the size is reported as unavailable, not guessed.
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import { fromRoot } from "../package-root.js";

export type BundleMeasurement =
  | { readonly entry: string; readonly minifiedBytes: number; readonly gzipBytes: number }
  | { readonly entry: string | null; readonly error: string };

/**
 * The TypeScript source of a lite entry point ("index": schemalab/lite, "core": schemalab/lite/core)
 * when present (a checkout), else the built module (an installed package).
 */
export function liteEntry(name: "index" | "core" = "index"): string | null {
  return [fromRoot("src", "lite", `${name}.ts`), fromRoot("dist", "src", "lite", `${name}.js`)].find((path) => existsSync(path)) ?? null;
}

/** What a program that imports compileWith and these keyword modules of schemalab/lite/core ships. */
export interface CoreImportMeasurement {
  readonly modules: readonly string[];
  readonly bundle: BundleMeasurement;
}

/**
 * The keyword modules bundled beside compileWith: none (the built-in families, no patterns), the
 * built-in families with patterns, then what tool schemas use.
 */
export const CORE_IMPORTS: readonly (readonly string[])[] = [[], ["patternKeywords"], ["arrayKeywords", "applicatorKeywords", "refKeywords", "patternKeywords"]];

export async function measureCoreImport(modules: readonly string[], core: string | null = liteEntry("core")): Promise<CoreImportMeasurement> {
  const contents = `import { compileWith${modules.map((name) => `, ${name}`).join("")} } from ${JSON.stringify(core)};\nexport const compile = compileWith([${modules.join(", ")}]);\n`;
  return { modules, bundle: await measureLiteBundle(core, core === null ? null : { contents, resolveDir: dirname(core) }) };
}

/** The bundle of a lite entry, or of `stdin` (a program importing it) when given. */
export async function measureLiteBundle(entry: string | null = liteEntry(), stdin?: { readonly contents: string; readonly resolveDir: string } | null): Promise<BundleMeasurement> {
  if (!entry) return { entry: null, error: "no src/lite/index.ts or dist/src/lite/index.js to bundle" };
  let esbuild: typeof import("esbuild");
  try {
    esbuild = await import("esbuild");
  } catch {
    return { entry, error: "esbuild is not installed (a dev dependency)" };
  }
  try {
    const input = stdin ? { stdin: { ...stdin, loader: "ts" as const } } : { entryPoints: [entry] };
    const built = await esbuild.build({ ...input, bundle: true, minify: true, format: "esm", platform: "neutral", write: false, logLevel: "silent" });
    const code = built.outputFiles[0]!.contents;
    return { entry, minifiedBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength };
  } catch (error) {
    return { entry, error: `esbuild failed: ${(error as Error).message.split("\n")[0]}` };
  }
}
