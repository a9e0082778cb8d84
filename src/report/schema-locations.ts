// Where a schema id is declared: the catalog file and the line/column of a pointer inside it, for
// SARIF and annotations. Files are read once; a file that is gone or not JSON gives line 1.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import type { DeclaredSchema } from "../schema/types.js";
import { jsonPointerOffsets, positionOfPointer } from "../schema/json-positions.js";

export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export type Locate = (schemaId: string, path: string) => SourceLocation | undefined;

export function locatorOf(schemas: readonly DeclaredSchema[], root: string = process.cwd()): Locate {
  const byId = new Map(schemas.map((declared) => [declared.id, declared.source] as const));
  const texts = new Map<string, { text: string; offsets: Map<string, number> }>();
  const textOf = (file: string) => {
    let entry = texts.get(file);
    if (!entry) {
      let text = "";
      try {
        text = readFileSync(file, "utf8");
      } catch {
        // gone since the run: line 1
      }
      entry = { text, offsets: jsonPointerOffsets(text) };
      texts.set(file, entry);
    }
    return entry;
  };
  return (schemaId, path) => {
    const source = byId.get(schemaId);
    if (!source) return undefined;
    const { text, offsets } = textOf(source.file);
    const position = positionOfPointer(text, offsets, `${source.pointer === "/" ? "" : source.pointer}${path}`);
    return { file: relative(root, source.file).split("\\").join("/"), ...position };
  };
}
