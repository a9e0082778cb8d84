import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { BUNDLE_STAMP_FILE, freshBundle, stampHolds, type BundleStamp } from "./fuzz-worker-bundle.js";

const fileArbitrary = fc.record({ size: fc.nat(1 << 20), mtimeMs: fc.double({ min: 1, max: 2e12, noNaN: true }), sha1: fc.string({ minLength: 1, maxLength: 8 }) });
type DiskFile = { size: number; mtimeMs: number; sha1: string };

describe("stampHolds: the bundle matches what it was built from", () => {
  const stampOf = (paths: readonly string[], files: readonly DiskFile[]): BundleStamp => ({
    bundle: paths[0]!,
    output: [files[0]!.size, files[0]!.mtimeMs, files[0]!.sha1],
    inputs: files.slice(1).map((file, index) => [paths[index + 1]!, file.size, file.mtimeMs, file.sha1]),
  });
  const readerOf = (disk: Map<string, DiskFile>) => ({ stat: (path: string) => disk.get(path), sha1: (path: string) => disk.get(path)!.sha1 });

  it("holds exactly while the bundle and every input keep their size and content", () => {
    fc.assert(
      fc.property(fc.array(fileArbitrary, { minLength: 1, maxLength: 12 }), fc.nat(), fc.constantFrom("size", "content", "gone", "touched"), (files, pick, change) => {
        // files[0] is the bundle, the rest its inputs.
        const paths = files.map((_, index) => (index === 0 ? "bundle.js" : `input-${index}.js`));
        const stamp = stampOf(paths, files);
        const disk = new Map(paths.map((path, index) => [join("/d", path), { ...files[index]! }]));
        expect(stampHolds(stamp, "/d", readerOf(disk))).toBe(true);
        const changed = join("/d", paths[pick % paths.length]!);
        const file = disk.get(changed)!;
        if (change === "gone") disk.delete(changed);
        else if (change === "size") file.size += 1;
        else if (change === "content") [file.mtimeMs, file.sha1] = [file.mtimeMs + 1, `${file.sha1}!`];
        else file.mtimeMs += 1; // touched (or installed from a tarball): same content, new mtime
        expect(stampHolds(stamp, "/d", readerOf(disk))).toBe(change === "touched");
      }),
    );
  });
});

describe("freshBundle: the entry a worker spawned from dist/ starts from", () => {
  const dirs: string[] = [];
  const previous = process.env.SCHEMALAB_FUZZ_WORKER;
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    if (previous === undefined) delete process.env.SCHEMALAB_FUZZ_WORKER;
    else process.env.SCHEMALAB_FUZZ_WORKER = previous;
  });

  /** A folder holding a bundle, one input and the stamp the bundle script would write. */
  function builtFolder(): string {
    const dir = mkdtempSync(join(tmpdir(), "schemalab-bundle-"));
    dirs.push(dir);
    writeFileSync(join(dir, "fuzz-worker.bundle.js"), "export {};\n");
    writeFileSync(join(dir, "fuzz-worker.js"), "export {};\n");
    const when = new Date("2026-01-02T03:04:05Z");
    for (const file of ["fuzz-worker.bundle.js", "fuzz-worker.js"]) utimesSync(join(dir, file), when, when);
    const sha1 = createHash("sha1").update("export {};\n").digest("hex");
    const stamp: BundleStamp = { bundle: "fuzz-worker.bundle.js", output: [11, when.getTime(), sha1], inputs: [["fuzz-worker.js", 11, when.getTime(), sha1]] };
    writeFileSync(join(dir, BUNDLE_STAMP_FILE), JSON.stringify(stamp));
    return dir;
  }

  it("is the bundle while its stamp holds", () => {
    delete process.env.SCHEMALAB_FUZZ_WORKER;
    const dir = builtFolder();
    expect(freshBundle(dir)).toBe(join(dir, "fuzz-worker.bundle.js"));
  });

  it("is still the bundle when only the mtimes changed (an installed package)", () => {
    delete process.env.SCHEMALAB_FUZZ_WORKER;
    const dir = builtFolder();
    const later = new Date("2026-06-07T08:09:10Z");
    for (const file of ["fuzz-worker.bundle.js", "fuzz-worker.js"]) utimesSync(join(dir, file), later, later);
    expect(freshBundle(dir)).toBe(join(dir, "fuzz-worker.bundle.js"));
  });

  it("is null once a module was rebuilt after the bundle (tsc alone), or without a stamp", () => {
    delete process.env.SCHEMALAB_FUZZ_WORKER;
    const rebuilt = builtFolder();
    writeFileSync(join(rebuilt, "fuzz-worker.js"), "export{ };\n"); // same size, new content
    expect(freshBundle(rebuilt)).toBeNull();
    const unstamped = builtFolder();
    rmSync(join(unstamped, BUNDLE_STAMP_FILE));
    expect(freshBundle(unstamped)).toBeNull();
  });

  it("is null when SCHEMALAB_FUZZ_WORKER=modules asks for the modules", () => {
    process.env.SCHEMALAB_FUZZ_WORKER = "modules";
    expect(freshBundle(builtFolder())).toBeNull();
  });
});
