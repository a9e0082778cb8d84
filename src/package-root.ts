// The package root, found from this file whether it runs from src/ (tests) or dist/src/ (built CLI):
// data files (profiles, suites/) are read relative to it.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "suites"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`schemalab: cannot find the package root above ${start}`);
    dir = parent;
  }
}

export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

export function fromRoot(...segments: string[]): string {
  return join(PACKAGE_ROOT, ...segments);
}
