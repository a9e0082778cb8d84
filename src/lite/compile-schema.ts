// Compiles one schema object into one closure: every keyword is checked for support and shape at
// compile time, then the keywords that apply to every value run first and the rest are dispatched
// by the value's JSON type, so a string never looks at object keywords.
import { markTypeOnly } from "./json-type.js";
import { compileApplicators } from "./keywords/applicators.js";
import { compileArrayKeywords, wrapUnevaluatedItems } from "./keywords/array.js";
import { compileNumberKeywords } from "./keywords/number.js";
import { compileObjectKeywords } from "./keywords/object.js";
import { compilePropertyKeywords, wrapUnevaluatedProperties } from "./keywords/properties.js";
import { compileRef } from "./keywords/refs.js";
import { compileStringKeywords } from "./keywords/string.js";
import { compileTypeError, compileTypeUnion, compileValueKeywords, guardByType, readTypes, typeMask } from "./keywords/type.js";
import { SchemaCursor, type CompileEnvironment } from "./schema-cursor.js";
import { UnsupportedSchemaError } from "./types.js";
import { ALWAYS_VALID, allOfChecks, type Check } from "./validation-context.js";

/** Keywords lite checks (validation and applicators of draft 2020-12), by the family that compiles them. */
const KEYWORD_FAMILIES = {
  value: ["type", "enum", "const"],
  object: [
    "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
    "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
  ],
  array: ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems"],
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  applicator: ["allOf", "anyOf", "oneOf", "not", "if", "then", "else"],
  reference: ["$ref", "$defs"],
} as const;

type Family = keyof typeof KEYWORD_FAMILIES;

const FAMILY_OF = new Map<string, Family>(
  Object.entries(KEYWORD_FAMILIES).flatMap(([family, keywords]) => keywords.map((keyword) => [keyword, family as Family] as const)),
);

export const VALIDATION_KEYWORDS: readonly string[] = Object.values(KEYWORD_FAMILIES).flat();

/** Keywords that carry no assertion in draft 2020-12: accepted and ignored. */
export const ANNOTATION_KEYWORDS = [
  "$schema", "$id", "$anchor", "$comment", "title", "description", "default", "examples",
  "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding", "contentSchema",
] as const;

const SUPPORTED = new Set<string>([...VALIDATION_KEYWORDS, ...ANNOTATION_KEYWORDS]);

/** The keyword families a schema uses: the others are not even looked at. */
function familiesOf(cursor: SchemaCursor): Set<Family> {
  const families = new Set<Family>();
  for (const keyword of cursor.keywords) {
    const family = FAMILY_OF.get(keyword);
    if (family) families.add(family);
  }
  return families;
}

const ANCHOR_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/;
// Any JSON Schema dialect published at json-schema.org; a custom metaschema may switch vocabularies off.
const STANDARD_DIALECT = /^https?:\/\/json-schema\.org\//;

const ANNOTATION_TYPES: Readonly<Record<string, "string" | "boolean">> = {
  $comment: "string", title: "string", description: "string", contentMediaType: "string", contentEncoding: "string",
  deprecated: "boolean", readOnly: "boolean", writeOnly: "boolean",
};

function checkCoreKeywords(cursor: SchemaCursor): void {
  for (const keyword of cursor.keywords) {
    if (!SUPPORTED.has(keyword)) throw new UnsupportedSchemaError(keyword, cursor.site(keyword).schemaPath);
    const expected = ANNOTATION_TYPES[keyword];
    if (expected === "string") cursor.string(keyword);
    else if (expected === "boolean") cursor.boolean(keyword);
  }
  const dialect = cursor.string("$schema");
  if (dialect !== undefined && !STANDARD_DIALECT.test(dialect)) {
    throw new UnsupportedSchemaError("$schema", cursor.site("$schema").schemaPath, `custom metaschema "${dialect}"`);
  }
  const id = cursor.string("$id");
  if (id !== undefined && /#./.test(id)) cursor.invalid("$id", "must not have a fragment");
  const anchor = cursor.string("$anchor");
  if (anchor !== undefined && !ANCHOR_NAME.test(anchor)) cursor.invalid("$anchor", "must be a plain name");
}

interface TypedChecks {
  readonly number: Check;
  readonly string: Check;
  readonly array: Check;
  readonly object: Check;
}

/** Picks the checks for the value's JSON type. */
function dispatchByType({ number, string, array, object }: TypedChecks): Check {
  return (data, ctx) => {
    switch (typeof data) {
      case "number":
        return number(data, ctx);
      case "string":
        return string(data, ctx);
      case "object":
        if (data === null) return true;
        return Array.isArray(data) ? array(data, ctx) : object(data, ctx);
      default:
        return true;
    }
  };
}

function compileTypedChecks(cursor: SchemaCursor, families: ReadonlySet<Family>): TypedChecks | undefined {
  const compileIf = (family: Family, compileFamily: () => unknown[]) => allOfChecks((families.has(family) ? compileFamily() : []) as Check[]);
  const number = compileIf("number", () => compileNumberKeywords(cursor));
  const string = compileIf("string", () => compileStringKeywords(cursor));
  const array = compileIf("array", () => compileArrayKeywords(cursor));
  const object = compileIf("object", () => [compilePropertyKeywords(cursor), ...compileObjectKeywords(cursor)].filter((check) => check !== undefined));
  const none = [number, string, array, object].every((check) => check === ALWAYS_VALID);
  return none ? undefined : { number, string, array, object };
}

/**
 * `type` together with the keywords of each type. With a single declared type the test and that
 * type's keywords are one closure; on a mismatch the other types' keywords still run when
 * collecting all errors, as Ajv reports them.
 */
function combineTypeAndTyped(cursor: SchemaCursor, types: readonly string[] | undefined, typed: TypedChecks | undefined): Check | undefined {
  const dispatch = typed && dispatchByType(typed);
  if (types === undefined) return dispatch;
  if (types.length > 1) return allOfChecks(dispatch ? [compileTypeUnion(cursor, types), dispatch] : [compileTypeUnion(cursor, types)]);
  const [name] = types as [string];
  const typeError = compileTypeError(cursor);
  const onMismatch: Check = dispatch ? (data, ctx) => typeError(data, ctx) || (ctx.all && (dispatch(data, ctx), false)) : typeError;
  const onMatch = typed?.[name === "integer" ? "number" : (name as keyof TypedChecks)] ?? ALWAYS_VALID;
  return guardByType(name, onMatch, onMismatch);
}

export function compileSchemaObject(schema: Readonly<Record<string, unknown>>, path: string, env: CompileEnvironment): Check {
  const cursor = new SchemaCursor(schema, path, env);
  checkCoreKeywords(cursor);
  const families = familiesOf(cursor);
  const defs = cursor.schemaMap("$defs") ?? {};
  for (const name of Object.keys(defs)) cursor.subschema(defs[name], "$defs", name);
  const types = readTypes(cursor);
  const typed = compileTypedChecks(cursor, families);
  const applicators = families.has("applicator") ? compileApplicators(cursor) : [];
  const others = [...compileValueKeywords(cursor), compileRef(cursor), ...applicators].filter((check) => check !== undefined);
  const typeCheck = combineTypeAndTyped(cursor, types, typed);
  const check = allOfChecks(typeCheck ? [typeCheck, ...others] : others);
  const unevaluated = cursor.has("unevaluatedProperties") || cursor.has("unevaluatedItems");
  if (types && !typed && others.length === 0 && !unevaluated) return markTypeOnly(check, typeMask(types));
  return wrapUnevaluatedProperties(cursor, wrapUnevaluatedItems(cursor, check));
}
