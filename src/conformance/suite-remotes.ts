// The suite's remotes/ folder is what a real run serves at http://localhost:1234/; validators that
// take remotes get them keyed by that URI instead of over the network.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";

export const REMOTES_BASE_URI = "http://localhost:1234/";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() && entry.name.endsWith(".json") ? [path] : [];
  });
}

/**
 * The drafts' own metaschemas, which a few tests `$ref` ("validate definition against metaschema"):
 * an implementation ships them, so the runner offers the copies in Ajv's package, keyed by their `$id`.
 */
export function loadMetaschemas(): Record<string, unknown> {
  const require = createRequire(import.meta.url);
  const refsOf = (pkg: string, names: readonly string[]): string[] => {
    try {
      const refsDir = join(dirname(require.resolve(pkg)), "refs");
      return names.map((name) => join(refsDir, name)).filter((path) => existsSync(path));
    } catch {
      return [];
    }
  };
  const files = [
    ...refsOf("ajv", ["json-schema-draft-06.json", "json-schema-draft-07.json", "json-schema-2019-09", "json-schema-2020-12"]),
    // Draft 4's, when the ajv-draft-04 package is installed.
    ...refsOf("ajv-draft-04", ["json-schema-draft-04.json"]),
  ].flatMap((path) => (path.endsWith(".json") ? [path] : filesUnder(path)));
  const metaschemas: Record<string, unknown> = {};
  for (const file of files) {
    try {
      const document = JSON.parse(readFileSync(file, "utf8")) as { $id?: unknown; id?: unknown };
      const id = document.$id ?? document.id;
      if (typeof id === "string") metaschemas[id.replace(/#$/, "")] = document;
    } catch {
      continue;
    }
  }
  return metaschemas;
}

/** Every remote document keyed by its URI; an unreadable remote is left out (only tests using it suffer). */
export function loadRemotes(suiteDir: string): Record<string, unknown> {
  const remotesDir = join(suiteDir, "remotes");
  let files: string[];
  try {
    files = filesUnder(remotesDir);
  } catch {
    return loadMetaschemas();
  }
  const remotes: Record<string, unknown> = loadMetaschemas();
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
