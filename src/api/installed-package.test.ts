// The package as a user gets it: built into a staging copy (the worktree's dist/ is left alone),
// packed with `npm pack`, installed from the tarball into an empty project (dependencies from the
// registry), then the CLI, every entry point in ESM and in TypeScript, and the arbitraries used there.
// Skipped, saying why, when the npm registry cannot be reached.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../package-root.js";
import { ESM_SCRIPT, SMALL_CATALOG, TS_FILE, tsconfigFor } from "./test-support/consumer-files.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

function registryReachable(): boolean {
  return spawnSync(NPM, ["ping", "--fetch-timeout=8000", "--fetch-retries=0"], { stdio: "ignore", timeout: 15_000 }).status === 0;
}

const reachable = registryReachable();
if (!reachable) console.warn("installed-package.test.ts: skipped: the npm registry is unreachable (npm ping failed); the packed install needs it for dependencies");

const work = mkdtempSync(join(tmpdir(), "schemalab-pack-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(command: string, args: readonly string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** Native addons in a package folder: binding.gyp at its root, or any compiled .node file in it. */
function nativeParts(path: string): string[] {
  const found: string[] = [];
  if (existsSync(join(path, "binding.gyp"))) found.push(join(path, "binding.gyp"));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "node_modules") walk(join(dir, entry.name));
      else if (entry.name.endsWith(".node")) found.push(join(dir, entry.name));
    }
  };
  walk(path);
  return found;
}

/** A copy of what `npm pack` reads, with dist/ built fresh into it (prepack cleans dist/, prepare builds it). */
function stagePackage(): string {
  const stage = join(work, "stage");
  mkdirSync(stage);
  for (const entry of ["package.json", "bin", "providers", "suites"]) cpSync(join(PACKAGE_ROOT, entry), join(stage, entry), { recursive: true });
  run(process.execPath, [join(PACKAGE_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", join(PACKAGE_ROOT, "tsconfig.build.json"), "--outDir", join(stage, "dist")], PACKAGE_ROOT);
  return stage;
}

describe.skipIf(!reachable)("the packed package, installed into an empty project", { timeout: 120_000 }, () => {
  let project = "";
  let packed: { filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] };

  it("packs built code, profiles and suites, and no tests", () => {
    const stage = stagePackage();
    packed = JSON.parse(run(NPM, ["pack", "--json", "--ignore-scripts", "--pack-destination", work], stage))[0];
    const paths = packed.files.map((file) => file.path);
    for (const needed of ["bin/schemalab.js", "dist/src/index.js", "dist/src/index.d.ts", "dist/src/arbitraries/index.js", "dist/src/types.d.ts", "dist/src/report/results.schema.json", "providers/openai/profile.json", "providers/profile.schema.json", "suites/catalogs/fitness.json", "suites/known-divergences.json"]) {
      expect(paths).toContain(needed);
    }
    expect(paths.filter((path) => /\.test\.|test-support|\.ts$/.test(path) && !path.endsWith(".d.ts"))).toEqual([]);
    console.info(`npm pack: ${packed.entryCount} files, ${(packed.size / 1e6).toFixed(2)} MB packed, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked`);
  });

  it("installs with no native addon among its runtime dependencies", () => {
    project = join(work, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }));
    run(NPM, ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", join(work, packed.filename), "fast-check@4.10.2"], project);
    const installed = run(NPM, ["ls", "--omit=dev", "--all", "--parseable"], project).trim().split("\n").slice(1);
    const dependencies = installed.filter((path) => !path.endsWith(`${join("node_modules", "fast-check")}`) && !path.endsWith(join("node_modules", "schemalab")));
    expect(installed.some((path) => path.endsWith(join("node_modules", "better-sqlite3")))).toBe(false);
    expect(installed.flatMap(nativeParts)).toEqual([]);
    const size = sizeOf(join(project, "node_modules"));
    console.info(`installed: ${installed.length} packages (schemalab, fast-check and ${dependencies.length} more), node_modules ${(size / 1e6).toFixed(1)} MB`);
  });

  it("runs `npx schemalab check` on a small catalog", () => {
    writeFileSync(join(project, "catalog.json"), JSON.stringify(SMALL_CATALOG));
    const result = spawnSync(NPM, ["exec", "--no", "--", "schemalab", "check", "--catalog", "catalog.json", "--target", "openai:chat.tools.strict", "--format", "json"], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(result.stderr).not.toMatch(/dist\/ is missing/);
    expect(result.status).toBe(0);
    // The written section is compact (by schema); the installed package's parseCheckJson expands it.
    expect(JSON.parse(result.stdout)).toMatchObject({ kind: "check", shape: "by-schema" });
    writeFileSync(join(project, "check.json"), result.stdout);
    const expand = "import { readFileSync } from 'node:fs'; import { parseCheckJson } from 'schemalab'; const section = parseCheckJson(readFileSync('check.json', 'utf8')); console.log(JSON.stringify(section.results.map((r) => [r.schemaId, r.target])));";
    const expanded = spawnSync(process.execPath, ["--input-type=module", "-e", expand], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(expanded.stderr).toBe("");
    expect(JSON.parse(expanded.stdout)).toEqual([["catalog/lookup_order", "openai:chat.tools.strict"]]);
  });

  it("imports every entry point in ESM and uses the API and the arbitraries", () => {
    writeFileSync(join(project, "use.mjs"), ESM_SCRIPT);
    const output = run(process.execPath, ["use.mjs"], project);
    expect(JSON.parse(output.trim().split("\n").at(-1)!)).toMatchObject({ ok: true, results: 1 });
  });

  it.each(["node16", "bundler"] as const)("type-checks a TypeScript file using every typed entry (moduleResolution %s)", (resolution) => {
    writeFileSync(join(project, "use.ts"), TS_FILE);
    writeFileSync(join(project, `tsconfig.${resolution}.json`), JSON.stringify(tsconfigFor(resolution, join(PACKAGE_ROOT, "node_modules", "@types"))));
    const result = spawnSync(process.execPath, [join(PACKAGE_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", `tsconfig.${resolution}.json`], { cwd: project, encoding: "utf8", timeout: 60_000 });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
