// GitHub's OpenAPI 3.0.3 description: every one of its component schemas compiles as an OpenAPI 3.0
// Schema Object, with $refs into the document's components (outside any schema keyword) resolved.
// Skips itself when the corpus is not on disk.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compile } from "./index.js";

// The shared corpora folder: $SCHEMALAB_SHARED_DIR, else `../shared` beside the repository.
const shared = process.env.SCHEMALAB_SHARED_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "shared");
const corpus = resolve(shared, "corpora", "github-openapi", "api.github.com.json");
const found = existsSync(corpus);
const DOCUMENT_URI = "https://api.github.com/openapi.json";

describe.skipIf(!found)("GitHub's OpenAPI component schemas as openapi-3.0", () => {
  const document = found ? (JSON.parse(readFileSync(corpus, "utf8")) as { components: { schemas: Record<string, unknown> } }) : undefined;
  const componentValidator = (name: string) =>
    compile({ $ref: `${DOCUMENT_URI}#/components/schemas/${name}` }, { dialect: "openapi-3.0", remotes: { [DOCUMENT_URI]: document } });

  it("compiles every component schema", () => {
    const names = Object.keys(document!.components.schemas);
    expect(names.length).toBeGreaterThan(900);
    const refused = names.flatMap((name) => {
      try {
        componentValidator(name);
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });

  it("reads nullable, int64 and the $refs between components", () => {
    const validate = componentValidator("nullable-simple-user");
    const user = JSON.parse(readFileSync(corpus, "utf8")).components.schemas["simple-user"].required.reduce(
      (value: Record<string, unknown>, field: string) => ({ ...value, [field]: field === "id" ? 1 : field === "site_admin" ? false : "https://example.com/x" }),
      {},
    );
    expect(validate(user)).toEqual({ valid: true });
    expect(validate(null)).toEqual({ valid: true });
    expect(validate({ ...user, id: 1.5 }).valid).toBe(false);
    expect(validate({ ...user, name: null }).valid).toBe(true);
  });
});

if (!found) it.skip(`GitHub OpenAPI corpus not found at ${corpus}`, () => {});
