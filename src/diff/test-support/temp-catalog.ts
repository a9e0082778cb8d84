// A plain-schema catalog file in a fresh temporary folder, for tests that need one small schema.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function tempFolder(): Promise<string> {
  return mkdtemp(join(tmpdir(), "schemalab-fuzz-"));
}

export async function writeSchemaCatalog(name: string, schema: object, folder?: string): Promise<string> {
  const file = join(folder ?? (await tempFolder()), `${name}.json`);
  // The tool is named after the file (no x-schemalab-name: lite refuses keywords it does not know).
  await writeFile(file, JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", ...schema }));
  return file;
}

/** An object with a bounded integer, a list of strings and a nullable note: room for every misbehaviour. */
export const SMALL_SCHEMA = {
  type: "object",
  properties: {
    n: { type: "integer", minimum: 0, maximum: 1000 },
    tags: { type: "array", items: { type: "string" }, maxItems: 4 },
    note: { type: ["string", "null"] },
  },
  required: ["n"],
};
