// Which entry a fuzz worker starts from in dist/: the one-file bundle `npm run build` writes
// (scripts/bundle-fuzz-worker.mjs), while it still matches every module it was made from; else the
// modules themselves (a tree rebuilt by tsc alone, or an edited dist/, runs what is on disk).
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

type FileStamp = readonly [size: number, mtimeMs: number, sha1: string];

/** What the bundle script writes beside the bundle; paths are relative to the bundle's folder. */
export interface BundleStamp {
  readonly bundle: string;
  readonly output: FileStamp;
  readonly inputs: readonly (readonly [path: string, ...stamp: FileStamp])[];
}

export const BUNDLE_STAMP_FILE = "fuzz-worker.bundle.stamp.json";

export interface FileReader {
  stat(path: string): { readonly size: number; readonly mtimeMs: number } | undefined;
  sha1(path: string): string;
}

const disk: FileReader = {
  stat: (path) => statSync(path, { throwIfNoEntry: false }),
  sha1: (path) => createHash("sha1").update(readFileSync(path)).digest("hex"),
};

/**
 * True when the bundle and every input the stamp lists are unchanged: same size and mtime, or (an
 * installed package keeps contents, not mtimes) same size and content hash.
 */
export function stampHolds(stamp: BundleStamp, dir: string, files: FileReader = disk): boolean {
  const same = (path: string, [size, mtimeMs, sha1]: FileStamp): boolean => {
    const stat = files.stat(join(dir, path));
    return stat !== undefined && stat.size === size && (stat.mtimeMs === mtimeMs || files.sha1(join(dir, path)) === sha1);
  };
  return same(stamp.bundle, stamp.output) && stamp.inputs.every(([path, ...file]) => same(path, file));
}

function readStamp(dir: string): BundleStamp | null {
  try {
    const stamp = JSON.parse(readFileSync(join(dir, BUNDLE_STAMP_FILE), "utf8")) as BundleStamp;
    return typeof stamp.bundle === "string" && Array.isArray(stamp.output) && Array.isArray(stamp.inputs) ? stamp : null;
  } catch {
    return null;
  }
}

const checked = new Map<string, string | null>();

/**
 * The bundle's path when it is fresh, else null; checked once per folder and process (a run spawns
 * workers again after a loss). `SCHEMALAB_FUZZ_WORKER=modules` always takes the modules (A/B timing).
 */
export function freshBundle(dir: string): string | null {
  if (process.env.SCHEMALAB_FUZZ_WORKER === "modules") return null;
  let found = checked.get(dir);
  if (found === undefined) {
    const stamp = readStamp(dir);
    found = stamp && stampHolds(stamp, dir) ? join(dir, stamp.bundle) : null;
    checked.set(dir, found);
  }
  return found;
}
