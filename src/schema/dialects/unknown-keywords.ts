// The words of a schema its dialect does not define (a typo such as `minLenght`, a tool's own
// annotation): refused by default, accepted as annotations with `--unknown-keywords annotate`, and
// then always listed, so no rule is announced that nobody checks.
import type { Dialect } from "../../lite/dialect.js";
import { appendPointer } from "../json-pointer.js";
import type { JsonSchema } from "../types.js";
import { isSchemaObject, walkSchema } from "../walk-schema.js";
import { isKeywordOf } from "./dialect-keywords.js";

export interface UnknownKeyword {
  readonly keyword: string;
  /** JSON Pointer of the keyword in the schema. */
  readonly path: string;
}

/** Every unknown keyword of `schema` read as `dialect`, in document order. */
export function unknownKeywordsOf(schema: JsonSchema, dialect: Dialect): UnknownKeyword[] {
  const found: UnknownKeyword[] = [];
  walkSchema(schema, ({ schema: node, path }) => {
    if (!isSchemaObject(node)) return;
    for (const keyword of Object.keys(node)) if (!isKeywordOf(dialect, keyword)) found.push({ keyword, path: appendPointer(path, keyword) });
  });
  return found;
}
