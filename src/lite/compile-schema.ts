// Compiles one schema object into one closure: every keyword is checked for support and shape at
// compile time, then the keywords that apply to every value run first and the rest are dispatched
// by the value's JSON type, so a string never looks at object keywords.
// Compile-time helpers are module functions, not named closures: tsx (which runs the benchmark)
// keeps function names by wrapping every named closure in a defineProperty call, per schema.
import type { Acceptor } from "./acceptor.js";
import { ANY_TYPE } from "./json-type.js";
import { escapePointerToken } from "./json-pointer.js";
import { compileNumberRules, isNumberFormat, readNumberRules, type NumberRules } from "./keywords/number.js";
import { compilePropertyKeywords } from "./keywords/properties.js";
import { compileStringRules, readStringRules, type StringRules } from "./keywords/string.js";
import { compileTypeGuard, compileValueKeywords, isPrimitive, readType, type DeclaredType, type TypedChecks } from "./keywords/type.js";
import { compileLeaf, describeLeaf, type Leaf } from "./leaf.js";
import { SchemaCursor, type CompileEnvironment } from "./schema-cursor.js";
import { FAMILY, checkKeywords } from "./schema-keywords.js";
import { UnsupportedSchemaError } from "./types.js";
import { ALWAYS_VALID, allOfChecks, type Check } from "./validation-context.js";

const ANCHOR_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/** Draft 2020-12's identifiers ($schema is read by the compiler; other dialects' by their rules). */
function checkIdentifiers(cursor: SchemaCursor): void {
  if (/#./.test(cursor.get("$id") ?? "")) cursor.invalid("$id", "must not have a fragment");
  for (const keyword of ["$anchor", "$dynamicAnchor"]) {
    const anchor: string | undefined = cursor.get(keyword);
    if (anchor !== undefined && !ANCHOR_NAME.test(anchor)) cursor.invalid(keyword, "must be a plain name");
  }
}

/** Another dialect's schema as lite compiles it: rewritten by its rules, with its families recomputed. */
function legacyCursor(schema: Readonly<Record<string, unknown>>, path: string, env: CompileEnvironment): { cursor: SchemaCursor; families: number } {
  const { view, aliases } = env.rules.normalize!(schema);
  return { cursor: new SchemaCursor(view, path, env, aliases, schema), families: checkKeywords(view, path, NO_NAMES, env.rules.viewKeywords) };
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** $defs and definitions entries are compiled even when nothing refers to them: what they hold is checked too. */
function compileContainers(cursor: SchemaCursor): void {
  cursor.compileEach("$defs");
  cursor.compileEach("definitions");
}

/** Adds the checks of a keyword module's family to `checks`, when the schema uses it (the module is there: see refuseMissingModules). */
function addModuleChecks(checks: Check[], cursor: SchemaCursor, families: number, family: number): void {
  if ((families & family) === 0) return;
  for (const check of cursor.env.modules.get(family)!.compile!(cursor)) if (check !== undefined) checks.push(check as Check);
}

/** A keyword whose family's module this compile was not given is refused by name: its rule would go unchecked. */
function refuseMissingModules(schema: Readonly<Record<string, unknown>>, path: string, env: CompileEnvironment, missing: number): never {
  const keyword = Object.keys(schema).find((name) => ((env.rules.keywords.get(name)?.[0] ?? 0) & missing) !== 0)!;
  const module = MODULE_NAMES[env.rules.keywords.get(keyword)![0]];
  throw new UnsupportedSchemaError(keyword, `${path}/${escapePointerToken(keyword)}`, `${env.entry}'s compileWith was not given ${module}; add it, or use compile`);
}

const MODULE_NAMES: Readonly<Record<number, string>> = { 4: "objectKeywords", 8: "arrayKeywords", 64: "applicatorKeywords", 128: "refKeywords", 1024: "unevaluatedKeywords" };

function compileTypedChecks(cursor: SchemaCursor, families: number, string: StringRules | undefined, number: NumberRules | undefined): TypedChecks | undefined {
  const numberCheck = number ? compileNumberRules(number) : ALWAYS_VALID;
  const stringCheck = string ? compileStringRules(string) : ALWAYS_VALID;
  let array: Check = ALWAYS_VALID;
  if (families & FAMILY.array) {
    const checks: Check[] = [];
    addModuleChecks(checks, cursor, families, FAMILY.array);
    array = allOfChecks(checks);
  }
  let object: Check = ALWAYS_VALID;
  if (families & (FAMILY.properties | FAMILY.object)) {
    const checks: Check[] = [];
    const properties = families & FAMILY.properties ? compilePropertyKeywords(cursor) : undefined;
    if (properties !== undefined) checks.push(properties as Check);
    addModuleChecks(checks, cursor, families, FAMILY.object);
    object = allOfChecks(checks);
  }
  const none = numberCheck === ALWAYS_VALID && stringCheck === ALWAYS_VALID && array === ALWAYS_VALID && object === ALWAYS_VALID;
  return none ? undefined : { number: numberCheck as Check, string: stringCheck as Check, array, object };
}

// Families a leaf may use: scalar keywords and those with no assertion.
const LEAF_FAMILIES = FAMILY.value | FAMILY.string | FAMILY.number | FAMILY.identifier | FAMILY.annotation;

/** The schema as a Leaf, when it is one: scalar keywords only, and an enum (or const) of primitives. */
function leafOfSchema(cursor: SchemaCursor, families: number, type: DeclaredType | undefined, string: StringRules | undefined, number: NumberRules | undefined): Leaf | undefined {
  if ((families & ~LEAF_FAMILIES) !== 0) return undefined;
  const allowedValues = families & FAMILY.value ? cursor.get<unknown[]>("enum") : undefined;
  const isConst = (families & FAMILY.value) !== 0 && cursor.has("const");
  if (allowedValues !== undefined && isConst) return undefined;
  const values = isConst ? [cursor.get("const")] : allowedValues;
  if (values !== undefined && !values.every(isPrimitive)) return undefined;
  const valuesSite = values && (isConst ? cursor.site("const", { allowedValue: values[0] }) : cursor.site("enum", { allowedValues }));
  return describeLeaf(type?.mask ?? ANY_TYPE, type?.site, values, valuesSite, string, number, cursor.env.forms.leafPredicate);
}

/** The schema's check, or its description when it is a leaf (the compiler makes its check); a container's acceptor, when it has one, is noted with env.noteAcceptor. */
export function compileSchemaObject(schema: Readonly<Record<string, unknown>>, path: string, env: CompileEnvironment): Check | Leaf {
  let families = checkKeywords(schema, path, env.annotations, env.rules.keywords, env.onUnknown);
  if (families & ~env.families) refuseMissingModules(schema, path, env, families & ~env.families);
  if (families & FAMILY.identifier) env.noteIdentifiers(schema);
  let cursor: SchemaCursor;
  if (env.rules.normalize === undefined) {
    cursor = new SchemaCursor(schema, path, env);
    if (families & FAMILY.identifier) checkIdentifiers(cursor);
  } else ({ cursor, families } = legacyCursor(schema, path, env));
  if (families & FAMILY.container) compileContainers(cursor);
  const string = families & FAMILY.string ? readStringRules(cursor) : undefined;
  const number = families & FAMILY.number || (families & FAMILY.string && isNumberFormat(env, cursor.get("format"))) ? readNumberRules(cursor) : undefined;
  const type = families & FAMILY.value ? readType(cursor) : undefined;
  const leaf = leafOfSchema(cursor, families, type, string, number);
  if (leaf) return leaf;
  const checks: Check[] = [];
  const typeCheck = compileTypeGuard(type, compileTypedChecks(cursor, families, string, number));
  if (typeCheck !== undefined) checks.push(typeCheck);
  if (families & FAMILY.value && (cursor.has("enum") || cursor.has("const"))) for (const check of compileValueKeywords(cursor)) checks.push(check);
  addModuleChecks(checks, cursor, families, FAMILY.reference);
  addModuleChecks(checks, cursor, families, FAMILY.applicator);
  const check = allOfChecks(checks);
  if (families & FAMILY.unevaluated) return env.modules.get(FAMILY.unevaluated)!.wrap!(cursor, check);
  const acceptor = env.forms.containerAcceptor?.(cursor, families, type);
  if (acceptor) env.noteAcceptor(check, acceptor);
  return check;
}
