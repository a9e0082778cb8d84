// A plain JSON Schema file. Its name comes from `x-schemalab-name` (else the catalog name), its
// role from `x-schemalab-role` (else tool-input): two extension keywords validators ignore.
import { CatalogError } from "../catalog-error.js";
import type { DeclaredSchema } from "../types.js";
import { isJsonObject, readDescription, readName, type JsonObject, type ParsedDeclaration } from "./tool-fields.js";

const SCHEMA_MARKERS = ["$schema", "type", "properties", "$ref", "$defs", "anyOf", "oneOf", "allOf", "x-schemalab-role", "x-schemalab-name"];

const ROLES: readonly DeclaredSchema["role"][] = ["tool-input", "structured-output"];

export function looksLikePlainSchema(document: unknown): document is JsonObject {
  return isJsonObject(document) && SCHEMA_MARKERS.some((marker) => marker in document);
}

export function parsePlainSchema(schema: JsonObject, file: string, place: string, defaultName: string): ParsedDeclaration[] {
  const name = "x-schemalab-name" in schema ? readName(schema, file, place, "x-schemalab-name") : defaultName;
  return [
    {
      name,
      localId: name,
      ...readDescription(schema, file, place),
      schema,
      pointer: place,
      role: readRole(schema, file, place),
      format: "schema",
    },
  ];
}

function readRole(schema: JsonObject, file: string, place: string): DeclaredSchema["role"] {
  const role = schema["x-schemalab-role"];
  if (role === undefined) return "tool-input";
  if (typeof role === "string" && (ROLES as readonly string[]).includes(role)) return role as DeclaredSchema["role"];
  throw new CatalogError(file, `${place}/x-schemalab-role`, `x-schemalab-role must be one of ${ROLES.join(", ")}, got ${JSON.stringify(role)}`);
}
