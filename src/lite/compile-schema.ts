// Compiles one schema object into one closure: every keyword is checked for support and shape at
// compile time, then the keywords that apply to every value run first and the rest are dispatched
// by the value's JSON type, so a string never looks at object keywords.
// Compile-time helpers are module functions, not named closures: tsx (which runs the benchmark)
// keeps function names by wrapping every named closure in a defineProperty call, per schema.
import { ANY_TYPE } from "./json-type.js";
import { compileApplicators } from "./keywords/applicators.js";
import { compileArrayKeywords, wrapUnevaluatedItems } from "./keywords/array.js";
import { compileNumberRules, readNumberRules, type NumberRules } from "./keywords/number.js";
import { compileObjectKeywords } from "./keywords/object.js";
import { compilePropertyKeywords, wrapUnevaluatedProperties } from "./keywords/properties.js";
import { compileRef } from "./keywords/refs.js";
import { compileStringRules, readStringRules, type StringRules } from "./keywords/string.js";
import { compileTypeError, compileTypeUnion, compileValueKeywords, guardByType, isPrimitive, readTypes, typeMask } from "./keywords/type.js";
import { compileLeaf, describeLeaf, type Leaf } from "./leaf.js";
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

interface ScalarRules {
  readonly string: StringRules | undefined;
  readonly number: NumberRules | undefined;
}

function compileTypedChecks(cursor: SchemaCursor, families: number, scalar: ScalarRules): TypedChecks | undefined {
  const number = scalar.number ? compileNumberRules(scalar.number) : ALWAYS_VALID;
  const string = scalar.string ? compileStringRules(scalar.string) : ALWAYS_VALID;
  const array = families & FAMILY.array ? allOfChecks(compileArrayKeywords(cursor) as Check[]) : ALWAYS_VALID;
  const objectChecks = families & FAMILY.object ? [compilePropertyKeywords(cursor), ...compileObjectKeywords(cursor)] : [];
  const object = allOfChecks(objectChecks.filter((check) => check !== undefined) as Check[]);
  const none = number === ALWAYS_VALID && string === ALWAYS_VALID && array === ALWAYS_VALID && object === ALWAYS_VALID;
  return none ? undefined : { number: number as Check, string: string as Check, array, object };
}

// Families a leaf may use: scalar keywords and those with no assertion.
const LEAF_FAMILIES = FAMILY.value | FAMILY.string | FAMILY.number | FAMILY.identifier | FAMILY.annotation;

/** The schema as a Leaf, when it is one: scalar keywords only, and an enum (or const) of primitives. */
function leafOfSchema(cursor: SchemaCursor, families: number, scalar: ScalarRules): Leaf | undefined {
  if ((families & ~LEAF_FAMILIES) !== 0 || (cursor.has("enum") && cursor.has("const"))) return undefined;
  const isConst = cursor.has("const");
  const values: unknown[] | undefined = isConst ? [cursor.get("const")] : cursor.get("enum");
  if (values !== undefined && !values.every(isPrimitive)) return undefined;
  const types = readTypes(cursor);
  return describeLeaf(
    types ? typeMask(types) : ANY_TYPE,
    types && cursor.site("type", { type: cursor.get("type") }),
    values,
    values && (isConst ? cursor.site("const", { allowedValue: values[0] }) : cursor.site("enum", { allowedValues: values })),
    scalar.string,
    scalar.number,
  );
}

/** The typed checks but those of `family`. */
function othersThan(typed: TypedChecks, family: keyof TypedChecks): TypedChecks {
  const { number, string, array, object } = typed;
  return {
    number: family === "number" ? ALWAYS_VALID : number,
    string: family === "string" ? ALWAYS_VALID : string,
    array: family === "array" ? ALWAYS_VALID : array,
    object: family === "object" ? ALWAYS_VALID : object,
  };
}

/**
 * `type` together with the keywords of each type. With a single declared type the test and that
 * type's keywords are one closure; on a mismatch the other types' keywords still run when
 * collecting all errors, as Ajv reports them.
 */
function combineTypeAndTyped(cursor: SchemaCursor, types: readonly string[] | undefined, typed: TypedChecks | undefined): Check | undefined {
  if (types === undefined || types.length > 1) {
    const dispatch = typed && dispatchByType(typed);
    if (types === undefined) return dispatch;
    return allOfChecks(dispatch ? [compileTypeUnion(cursor, types), dispatch] : [compileTypeUnion(cursor, types)]);
  }
  const [name] = types as [string];
  const typeError = compileTypeError(cursor);
  const family = name === "integer" ? "number" : (name as keyof TypedChecks);
  const onMatch = typed?.[family] ?? ALWAYS_VALID;
  // The declared type's own keywords never apply to a value of another type (save number ones to
  // a fraction, for "integer"): only the other types' keywords can add errors to a mismatch.
  const others = typed && (name === "integer" ? typed : othersThan(typed, family));
  const othersApply = others && (others.number !== ALWAYS_VALID || others.string !== ALWAYS_VALID || others.array !== ALWAYS_VALID || others.object !== ALWAYS_VALID);
  const explainOthers = othersApply ? dispatchByType(others) : undefined;
  const onMismatch: Check = explainOthers ? (data, ctx) => typeError(data, ctx) || (ctx.all && (explainOthers(data, ctx), false)) : typeError;
  return guardByType(name, onMatch, onMismatch);
}

/** The schema's check, and its description as a leaf when it is one. */
export function compileSchemaObject(schema: Readonly<Record<string, unknown>>, path: string, env: CompileEnvironment): [Check, Leaf?] {
  const cursor = new SchemaCursor(schema, path, env);
  const families = checkKeywords(schema, path, env.annotations);
  if (families & FAMILY.identifier) checkIdentifiers(cursor);
  if (families & FAMILY.container) compileContainers(cursor);
  const scalar: ScalarRules = {
    string: families & FAMILY.string ? readStringRules(cursor) : undefined,
    number: families & FAMILY.number ? readNumberRules(cursor) : undefined,
  };
  const leaf = leafOfSchema(cursor, families, scalar);
  if (leaf) return [compileLeaf(leaf), leaf];
  const types = readTypes(cursor);
  const typed = compileTypedChecks(cursor, families, scalar);
  const applicators = families & FAMILY.applicator ? compileApplicators(cursor) : [];
  const others = [...(families & FAMILY.value ? compileValueKeywords(cursor) : []), families & FAMILY.reference ? compileRef(cursor) : undefined, ...applicators].filter((check) => check !== undefined);
  const typeCheck = combineTypeAndTyped(cursor, types, typed);
  const check = allOfChecks(typeCheck ? [typeCheck, ...others] : others);
  return [families & FAMILY.unevaluated ? wrapUnevaluatedProperties(cursor, wrapUnevaluatedItems(cursor, check)) : check];
}
