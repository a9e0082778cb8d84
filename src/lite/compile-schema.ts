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
import { FAMILY, checkKeywords } from "./schema-keywords.js";
import { UnsupportedSchemaError } from "./types.js";
import { ALWAYS_VALID, allOfChecks, type Check } from "./validation-context.js";

const ANCHOR_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/;
// Any JSON Schema dialect published at json-schema.org; a custom metaschema may switch vocabularies off.
const STANDARD_DIALECT = /^https?:\/\/json-schema\.org\//;

function checkIdentifiers(cursor: SchemaCursor): void {
  const dialect: string | undefined = cursor.get("$schema");
  if (dialect !== undefined && !STANDARD_DIALECT.test(dialect)) {
    throw new UnsupportedSchemaError("$schema", `${cursor.path}/$schema`, `custom metaschema "${dialect}"`);
  }
  if (/#./.test(cursor.get("$id") ?? "")) cursor.invalid("$id", "must not have a fragment");
  const anchor: string | undefined = cursor.get("$anchor");
  if (anchor !== undefined && !ANCHOR_NAME.test(anchor)) cursor.invalid("$anchor", "must be a plain name");
}

/** $defs and definitions entries are compiled even when nothing refers to them: what they hold is checked too. */
function compileContainers(cursor: SchemaCursor): void {
  cursor.subschemaMap("$defs");
  cursor.subschemaMap("definitions");
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

function compileTypedChecks(cursor: SchemaCursor, families: number): TypedChecks | undefined {
  const has = (family: number) => (families & family) !== 0;
  const number = has(FAMILY.number) ? compileNumberKeywords(cursor) : ALWAYS_VALID;
  const string = has(FAMILY.string) ? allOfChecks(compileStringKeywords(cursor) as Check[]) : ALWAYS_VALID;
  const array = has(FAMILY.array) ? allOfChecks(compileArrayKeywords(cursor) as Check[]) : ALWAYS_VALID;
  const objectChecks = has(FAMILY.object) ? [compilePropertyKeywords(cursor), ...compileObjectKeywords(cursor)] : [];
  const object = allOfChecks(objectChecks.filter((check) => check !== undefined) as Check[]);
  const none = number === ALWAYS_VALID && string === ALWAYS_VALID && array === ALWAYS_VALID && object === ALWAYS_VALID;
  return none ? undefined : { number: number as Check, string, array, object };
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
  const families = checkKeywords(schema, path, env.annotations);
  if (families & FAMILY.identifier) checkIdentifiers(cursor);
  if (families & FAMILY.container) compileContainers(cursor);
  const types = readTypes(cursor);
  const typed = compileTypedChecks(cursor, families);
  const applicators = families & FAMILY.applicator ? compileApplicators(cursor) : [];
  const others = [...(families & FAMILY.value ? compileValueKeywords(cursor) : []), families & FAMILY.reference ? compileRef(cursor) : undefined, ...applicators].filter((check) => check !== undefined);
  const typeCheck = combineTypeAndTyped(cursor, types, typed);
  const check = allOfChecks(typeCheck ? [typeCheck, ...others] : others);
  if (families & FAMILY.unevaluated) return wrapUnevaluatedProperties(cursor, wrapUnevaluatedItems(cursor, check));
  return types && !typed && others.length === 0 ? markTypeOnly(check, typeMask(types)) : check;
}
