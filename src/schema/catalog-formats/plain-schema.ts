// A plain JSON Schema file, of any dialect: an object with any JSON Schema keyword (a bare `enum`,
// `items` or `definitions` is a schema too), an empty object, or `true` / `false`. Its name comes from
// `x-schemalab-name` (else the catalog name), its role from `x-schemalab-role` (else tool-input): two
// extension keywords validators ignore.
import { CatalogError } from "../catalog-error.js";
import type { DeclaredSchema } from "../types.js";
import { JSON_SCHEMA_KEYWORDS, TOOL_DECLARATION_FIELDS } from "./schema-keywords.js";
import { isJsonObject, readDescription, readName, type JsonObject, type ParsedDeclaration } from "./tool-fields.js";

const SCHEMALAB_MARKERS = ["x-schemalab-role", "x-schemalab-name"];

const ROLES: readonly DeclaredSchema["role"][] = ["tool-input", "structured-output"];

export function looksLikePlainSchema(document: unknown): document is JsonObject | boolean {
  if (typeof document === "boolean") return true;
  if (!isJsonObject(document)) return false;
  const keys = Object.keys(document);
  if (keys.length === 0 || SCHEMALAB_MARKERS.some((marker) => marker in document)) return true;
  // A lone tool declaration ({name, description, parameters}) has a `description` too: it is not a schema.
  return keys.some((key) => JSON_SCHEMA_KEYWORDS.has(key)) && !TOOL_DECLARATION_FIELDS.some((field) => field in document);
}

export function parsePlainSchema(schema: JsonObject | boolean, file: string, place: string, defaultName: string): ParsedDeclaration[] {
  if (typeof schema === "boolean") return [{ name: defaultName, localId: defaultName, schema, pointer: place, role: "tool-input", format: "schema" }];
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
