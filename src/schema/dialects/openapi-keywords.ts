// OpenAPI 3.0 Schema Object fields (and the spellings Gemini's OpenAPI schemas use) read as 2020-12.
// `nullable` is applied by the translator once the whole object is read (it needs the final `type`).

type SchemaObject = { [keyword: string]: unknown };
type Note = (kind: "renamed" | "rewritten" | "dropped", detail: string) => void;

/** Annotations of OpenAPI (and Gemini's field order) with no 2020-12 keyword: dropped, with a note. */
const OPENAPI_ANNOTATIONS = new Set(["discriminator", "xml", "externalDocs", "propertyOrdering"]);
// Gemini's `format: "enum"` marks a string enum; the enum itself carries the rule.
const FORMATS_WITHOUT_RULE = new Set(["enum"]);
const COUNTS = new Set(["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"]);

/** Reads `keyword` into `out` when OpenAPI spells it its own way; false leaves it to the common path. */
export function readOpenApiKeyword(node: SchemaObject, keyword: string, _path: string, out: SchemaObject, note: Note): boolean {
  const value = node[keyword];
  if (keyword === "nullable") return true;
  if (OPENAPI_ANNOTATIONS.has(keyword)) {
    note("dropped", `an OpenAPI annotation (${keyword}), no rule in JSON Schema`);
    return true;
  }
  if (keyword === "example") {
    if (node.examples === undefined) out.examples = [value];
    note("renamed", "example → examples");
    return true;
  }
  if (keyword === "type" && typeof value === "string" && value !== value.toLowerCase()) {
    out.type = value.toLowerCase();
    note("rewritten", `type ${value} → ${value.toLowerCase()} (Gemini's enum spelling)`);
    return true;
  }
  if (keyword === "format" && typeof value === "string" && FORMATS_WITHOUT_RULE.has(value)) {
    note("dropped", `format "${value}" only marks a string enum`);
    return true;
  }
  // Gemini's proto JSON writes int64 counts as strings ("minItems": "1").
  if (COUNTS.has(keyword) && typeof value === "string" && /^\d+$/.test(value)) {
    out[keyword] = Number(value);
    note("rewritten", `${keyword} "${value}" → ${value}`);
    return true;
  }
  return false;
}
