// Where a JSON Pointer into a schema of an older dialect lands once the schema is read as 2020-12:
// the tuple `items` became `prefixItems`, `additionalItems` became `items`, and `dependencies`
// split into `dependentRequired` and `dependentSchemas`. Every other token stays as it is.
import type { Dialect } from "../../lite/dialect.js";
import { isSchemaObject, SUBSCHEMA_KEYWORDS } from "../walk-schema.js";
import { hasTupleItems } from "./dialect-keywords.js";

type Place = "schema" | "map" | "list" | "data";

/** The same tokens (the same array when nothing moves) with renamed keywords replaced. */
export function remapPointerTokens(root: unknown, tokens: readonly string[], dialect: Dialect): readonly string[] {
  let node: unknown = root;
  let place: Place = "schema";
  let mapped: string[] | undefined;
  const rename = (i: number, keyword: string): void => {
    mapped ??= [...tokens];
    mapped[i] = keyword;
  };
  for (let i = 0; i < tokens.length && place !== "data"; i++) {
    const token = tokens[i]!;
    if (place !== "schema") {
      node = isSchemaObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[token] : undefined;
      place = "schema";
      continue;
    }
    if (!isSchemaObject(node)) break;
    const value = node[token];
    if (hasTupleItems(dialect) && token === "items" && Array.isArray(value)) {
      rename(i, "prefixItems");
      place = "list";
    } else if (hasTupleItems(dialect) && token === "additionalItems" && Array.isArray(node.items)) {
      rename(i, "items");
      place = "schema";
    } else if (token === "dependencies" && dialect !== "draft2019-09" && dialect !== "draft2020-12" && isSchemaObject(value)) {
      rename(i, Array.isArray(value[tokens[i + 1] ?? ""]) ? "dependentRequired" : "dependentSchemas");
      place = "map";
    } else {
      const shape = SUBSCHEMA_KEYWORDS[token];
      place = shape === "schema-map" ? "map" : shape === "schema-list" ? "list" : shape === "schema" ? "schema" : "data";
    }
    node = value;
  }
  return mapped ?? tokens;
}
