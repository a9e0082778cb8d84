// The suite's remotes/ folder is what a real run serves at http://localhost:1234/; validators that
// take remotes get them keyed by that URI instead of over the network.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const REMOTES_BASE_URI = "http://localhost:1234/";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() && entry.name.endsWith(".json") ? [path] : [];
  });
}

/** Every remote document keyed by its URI; an unreadable remote is left out (only tests using it suffer). */
export function loadRemotes(suiteDir: string): Record<string, unknown> {
  const remotesDir = join(suiteDir, "remotes");
  let files: string[];
  try {
    files = filesUnder(remotesDir);
  } catch {
    return {};
  }
  const remotes: Record<string, unknown> = {};
  for (const file of files.sort()) {
    const uri = REMOTES_BASE_URI + relative(remotesDir, file).split(sep).join("/");
    try {
      remotes[uri] = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue;
    }
  }
  return remotes;
}
