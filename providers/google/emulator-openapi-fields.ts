// The fields of Gemini's OpenAPI-dialect `Schema` (responseSchema, functionDeclarations[].parameters),
// providers.md 3.2: the proto's fields (content.proto) and those the SDK `Schema` adds. Its parser takes
// them; any other name is refused at parse ("Unknown name ... Cannot find field"). Most are taxonomy
// keywords, judged by their own cells; the rest (`nullable`, `propertyOrdering`, `example`) are the
// dialect's own and never `keyword:other`. Only the lowerCamel JSON names are listed: the emulator does
// not model proto JSON's snake_case spellings (`property_ordering`), which it reads as unknown names.

const PROTO_FIELDS = [
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "items",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minimum",
  "maximum",
  "anyOf",
  "propertyOrdering",
  "default",
];

const SDK_FIELDS = ["maxLength", "minLength", "pattern", "maxProperties", "minProperties", "example"];

export const GEMINI_OPENAPI_FIELDS: ReadonlySet<string> = new Set([...PROTO_FIELDS, ...SDK_FIELDS]);
