// schemalab/lite's shipped weight: esbuild bundle of a lite entry, minified, then gzip -9.
// esbuild is a dev dependency: without it the size is reported as unavailable, not guessed.
import { existsSync } from "node:fs";
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

export async function measureLiteBundle(entry: string | null = liteEntry()): Promise<BundleMeasurement> {
  if (!entry) return { entry: null, error: "no src/lite/index.ts or dist/src/lite/index.js to bundle" };
  let esbuild: typeof import("esbuild");
  try {
    esbuild = await import("esbuild");
  } catch {
    return { entry, error: "esbuild is not installed (a dev dependency)" };
  }
  try {
    const built = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "neutral", write: false, logLevel: "silent" });
    const code = built.outputFiles[0]!.contents;
    return { entry, minifiedBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength };
  } catch (error) {
    return { entry, error: `esbuild failed: ${(error as Error).message.split("\n")[0]}` };
  }
}
