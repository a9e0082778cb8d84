// Where a run finds the official suite: an explicit folder, else $JSON_SCHEMA_TEST_SUITE, else
// $SCHEMALAB_SHARED_DIR/json-schema-test-suite, else the copy beside the package (../shared/json-schema-test-suite). Says where it looked when it finds none.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fromRoot } from "../package-root.js";
import { DRAFT_DIR } from "./suite-layout.js";

export type SuiteLocation = { readonly found: true; readonly dir: string } | { readonly found: false; readonly looked: readonly string[] };

export function locateSuite(explicitDir?: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): SuiteLocation {
  const candidates = explicitDir
    ? [{ dir: resolve(cwd, explicitDir), source: "--suite" }]
    : [
        ...(env.JSON_SCHEMA_TEST_SUITE ? [{ dir: resolve(cwd, env.JSON_SCHEMA_TEST_SUITE), source: "$JSON_SCHEMA_TEST_SUITE" }] : []),
        ...(env.SCHEMALAB_SHARED_DIR ? [{ dir: resolve(cwd, env.SCHEMALAB_SHARED_DIR, "json-schema-test-suite"), source: "$SCHEMALAB_SHARED_DIR" }] : []),
        { dir: fromRoot("..", "shared", "json-schema-test-suite"), source: "default" },
      ];
  const hit = candidates.find(({ dir }) => existsSync(resolve(dir, DRAFT_DIR)));
  if (hit) return { found: true, dir: hit.dir };
  return { found: false, looked: candidates.map(({ dir, source }) => `${dir} (${source})`) };
}
