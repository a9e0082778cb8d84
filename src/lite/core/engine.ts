// core's compiler: a schema becomes closures, keyword by keyword, in lite's order, so every value
// gets lite's verdict and lite's errors (same order, paths, params, words) and every schema lite's
// refusals, without lite's speed forms (leaves tested inline, acceptors, hashed required names,
// an unscanned-document guess): size first. The keyword families beyond the built-in ones come as
// modules (modules.ts), so a program that leaves one out ships none of it.
import { addTemplates, type Template } from "../error-messages.js";
import { checkOptions } from "../compile-options.js";
import { deepEqual } from "../deep-equal.js";
import { dialectOfSchemaUri, type Dialect } from "../dialect.js";
import { hasOwn } from "../has-own.js";
import { escapePointerToken } from "../json-pointer.js";
import type { PatternMatcher, PatternProblem } from "../pattern/compile-pattern.js";
import { InvalidSchemaError, UnsupportedSchemaError, type CompileOptions, type Validate, type ValidationResult } from "../types.js";
import { multipleOfTest } from "./multiple-of.js";
import { ALWAYS, allOf, descend, note, report, reportTooDeep, site, type Check, type Ctx, type Site } from "./context.js";
import {
  ARRAY, checkKeywords, CONTAINER, familyOf, IDENTIFIER, isMap, isReserved, NUMBERS, OBJECT, PROPERTIES, REFERENCE, APPLICATOR, STRINGS, TYPE_BITS, typeBits, UNEVALUATED, VALUE,
} from "./keyword-table.js";

export type SchemaObject = Readonly<Record<string, unknown>>;

/** What $ref and $dynamicRef need of one compile (registry.ts, brought by refKeywords only). */
export interface Refs {
  enterIfResource(schema: object, check: Check): Check;
  compileRef(ref: string, from: object, refPath: string): Check;
  compileDynamicRef(ref: string, from: object, refPath: string): Check;
}

/** One schema object being compiled: what a keyword compiler reads. */
export interface Node {
  readonly schema: SchemaObject;
  readonly path: string;
  readonly compiler: Compiler;
}

/** A keyword family a bundle may leave out, under its export name (modules.ts). */
export interface KeywordModule {
  readonly name: string;
  /** Its family bit (keyword-table.ts; 0 for patternKeywords, which brings a pattern compiler only). */
  readonly family: number;
  readonly compile?: (node: Node) => readonly (Check | undefined)[];
  /** Wraps the schema object's whole check (the unevaluated keywords). */
  readonly wrap?: (node: Node, check: Check) => Check;
  readonly refs?: (compiler: Compiler) => Refs;
  readonly pattern?: (source: string) => PatternMatcher | PatternProblem;
  /** Ajv's messages for its keywords: lite's own table for the same module (error-messages.ts). */
  readonly templates?: Readonly<Record<string, Template>>;
}

const ENTRY = "schemalab/lite/core";

export function refuseDialect(dialect: Dialect, path: string): never {
  throw new UnsupportedSchemaError(path === "" ? "dialect" : "$schema", path === "" ? "" : `${path}/$schema`, `${ENTRY} does not read ${dialect} (schemalab/lite reads every dialect)`);
}

/** A `$schema` naming no draft is refused (a custom metaschema may switch vocabularies off); one naming another draft too, where it applies. */
function checkDialect(schema: SchemaObject, path: string, applies: boolean): void {
  const uri = schema.$schema;
  if (typeof uri !== "string") return;
  const dialect = dialectOfSchemaUri(uri);
  if (dialect === undefined) throw new UnsupportedSchemaError("$schema", `${path}/$schema`, `unknown dialect "${uri}"`);
  if (applies && dialect !== "draft2020-12") refuseDialect(dialect, path);
}

export const get = <T = unknown>(node: Node, keyword: string): T | undefined => {
  const value = node.schema[keyword];
  return value !== undefined && hasOwn(node.schema, keyword) ? (value as T) : undefined;
};

export const at = (node: Node, keyword: string, params?: Readonly<Record<string, unknown>>): Site => site(keyword, `${node.path}/${keyword}`, params);

export const invalid = (node: Node, keyword: string, detail: string): never => {
  throw new InvalidSchemaError(keyword, `${node.path}/${keyword}`, detail);
};

/** Compiles the subschema at schema[keyword][...rest]. */
export function sub(node: Node, value: unknown, keyword: string, ...rest: (string | number)[]): Check {
  let path = `${node.path}/${keyword}`;
  for (const token of rest) path += "/" + escapePointerToken(token);
  return node.compiler.compile(value, path);
}

/** Compiles each entry of a map of subschemas, in the map's order, with each name as a pointer token ("/a~1b"). */
export function subMap(node: Node, keyword: string): [names: string[], checks: Check[], tokens: string[]] {
  const map = get<SchemaObject>(node, keyword);
  if (map === undefined) return [[], [], []];
  const names = Object.keys(map);
  const tokens = names.map((name) => "/" + escapePointerToken(name));
  return [names, names.map((name, i) => node.compiler.compile(map[name], `${node.path}/${keyword}${tokens[i]}`)), tokens];
}

/** A pattern on the native RegExp, where core's scan proves it linear (patternKeywords); else refused or invalid. */
export function regex(node: Node, keyword: string, source: string): PatternMatcher {
  const compiled = node.compiler.pattern(source);
  if ("invalid" in compiled) invalid(node, keyword, `invalid regular expression ${JSON.stringify(source)}: ${compiled.invalid}`);
  if ("refused" in compiled) throw new UnsupportedSchemaError(keyword, `${node.path}/${keyword}`, compiled.refused);
  return compiled as PatternMatcher;
}

function refusePatterns(): PatternProblem {
  return { refused: `${ENTRY}'s compileWith was not given patternKeywords; add it, or use compile` };
}

const MODULE_NAMES: Readonly<Record<number, string>> = { 4: "objectKeywords", 8: "arrayKeywords", 64: "applicatorKeywords", 128: "refKeywords", 1024: "unevaluatedKeywords" };
const BUILT_IN = VALUE | PROPERTIES | STRINGS | NUMBERS | CONTAINER | IDENTIFIER;
// What lite compiles as a leaf (a closure of its own even when it checks nothing: `{}` is not `true`).
const LEAF = VALUE | STRINGS | NUMBERS | IDENTIFIER;
const ANCHOR_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/;

// Fields set in the constructor are `declare`d: no field definitions of their own in the bundle.
export class Compiler {
  declare readonly root: unknown;
  declare readonly options: CompileOptions;
  readonly links: (() => void)[] = [];
  /** $dynamicAnchors met (with refKeywords): a resource that met one enters the dynamic scope. */
  dynamicAnchors = 0;
  declare readonly annotations: ReadonlySet<string>;
  declare readonly checkers: Readonly<Record<string, (text: string) => boolean>> | undefined;
  declare readonly onUnknown: ((keyword: string, at: string) => void) | undefined;
  readonly unknown: string[] = [];
  declare readonly families: number;
  readonly modules = new Map<number, KeywordModule>();
  declare readonly refs: Refs | undefined;
  declare readonly pattern: (source: string) => PatternMatcher | PatternProblem;
  deepest = "#";
  private readonly compiled = new Map<object, Check | null>();
  private depth = 0;

  constructor(root: unknown, options: CompileOptions, modules: readonly KeywordModule[]) {
    this.root = root;
    this.options = options;
    let families = BUILT_IN;
    for (const module of modules) {
      this.modules.set(module.family, module);
      families |= module.family;
    }
    this.families = families;
    this.pattern = modules.find((module) => module.pattern)?.pattern ?? refusePatterns;
    this.refs = modules.find((module) => module.refs)?.refs!(this);
    this.annotations = new Set(options.annotations);
    this.checkers = options.formats === "ignore" ? undefined : (options.formatCheckers ?? {});
    this.onUnknown = options.unknownKeywords === "annotate" ? (keyword, path) => void this.unknown.push(keyword, path) : undefined;
  }

  compile(schema: unknown, path: string): Check {
    if (typeof schema === "boolean") return schema ? ALWAYS : falseSchema(path);
    if (!isMap(schema)) throw new InvalidSchemaError("schema", path, "a schema must be an object or a boolean");
    const known = this.compiled.get(schema);
    if (known) return known;
    if (known === null) {
      // Reached again while compiling it (recursion): linked once every schema is compiled.
      let target = ALWAYS;
      this.links.push(() => (target = this.compiled.get(schema)!));
      return (data, ctx) => target(data, ctx);
    }
    this.compiled.set(schema, null);
    this.deepest = path;
    if (++this.depth > 500) throw new InvalidSchemaError("schema", path, "nested deeper than 500 levels (MAX_SCHEMA_DEPTH)");
    if (schema.$schema !== undefined) checkDialect(schema, path, !(schema === this.root && this.options.dialect !== undefined) && (schema === this.root || typeof schema.$id === "string"));
    const seen = this.dynamicAnchors;
    let check = compileNode({ schema, path, compiler: this });
    if (seen !== this.dynamicAnchors) check = this.refs!.enterIfResource(schema, check);
    this.depth--;
    this.compiled.set(schema, check);
    return check;
  }
}

function falseSchema(path: string): Check {
  const where = site("false schema", `${path}/false schema`);
  return (_data, ctx) => report(ctx, where);
}

const codePoints = (text: string): number => {
  let length = 0;
  for (const _ of text) length++;
  return length;
};

/** Keyword tests of one type (the string or number keywords), run in order, each failure reported. */
function rules(tests: [Site, (value: never) => boolean][]): Check {
  if (tests.length === 0) return ALWAYS;
  return (value, ctx) => {
    let ok = true;
    for (const [where, passes] of tests) {
      if (passes(value as never)) continue;
      ok = report(ctx, where);
      if (!ctx.all) return false;
    }
    return ok;
  };
}

function stringRules(node: Node): Check {
  const tests: [Site, (text: string) => boolean][] = [];
  const min = get<number>(node, "minLength");
  const max = get<number>(node, "maxLength");
  const source = get<string>(node, "pattern");
  const name = get<string>(node, "format");
  const checkers = node.compiler.checkers;
  let format: ((text: string) => boolean) | undefined;
  if (name !== undefined && checkers !== undefined) {
    if (!hasOwn(checkers, name)) {
      const hint = 'give a checker in options.formatCheckers, or use formats: "ignore" to treat formats as annotations';
      throw new UnsupportedSchemaError("format", `${node.path}/format`, `unknown format "${name}" (${hint})`);
    }
    format = checkers[name];
  }
  if (min !== undefined) tests.push([at(node, "minLength", { limit: min }), (text) => text.length >= 2 * min || codePoints(text) >= min]);
  if (max !== undefined) tests.push([at(node, "maxLength", { limit: max }), (text) => text.length <= max || codePoints(text) <= max]);
  if (source !== undefined) {
    const pattern = regex(node, "pattern", source);
    tests.push([at(node, "pattern", { pattern: source }), (text) => pattern.test(text)]);
  }
  if (format !== undefined) tests.push([at(node, "format", { format: name }), format]);
  return rules(tests);
}

// Each limit keyword's comparison, as Ajv words it, and its test.
const COMPARISONS: readonly [keyword: string, comparison: string, passes: (value: number, limit: number) => boolean][] = [
  ["minimum", ">=", (value, limit) => value >= limit],
  ["maximum", "<=", (value, limit) => value <= limit],
  ["exclusiveMinimum", ">", (value, limit) => value > limit],
  ["exclusiveMaximum", "<", (value, limit) => value < limit],
];

function numberRules(node: Node): Check {
  const tests: [Site, (value: number) => boolean][] = [];
  for (const [keyword, comparison, passes] of COMPARISONS) {
    const limit = get<number>(node, keyword);
    if (limit !== undefined) tests.push([at(node, keyword, { comparison, limit }), (value) => passes(value, limit)]);
  }
  const multipleOf = get<number>(node, "multipleOf");
  if (multipleOf !== undefined) {
    if (multipleOf <= 0) invalid(node, "multipleOf", "must be greater than 0");
    tests.push([at(node, "multipleOf", { multipleOf }), multipleOfTest(multipleOf)]);
  }
  return rules(tests);
}

/** properties, patternProperties, additionalProperties, required: one pass over the value's own keys, then the required names. */
function propertyKeywords(node: Node): Check | undefined {
  const [names, checks, tokens] = subMap(node, "properties");
  const [sources, patternChecks] = subMap(node, "patternProperties");
  const patterns = sources.map((source) => regex(node, "patternProperties", source));
  const additional = get(node, "additionalProperties");
  const required = get<string[]>(node, "required") ?? [];
  const requiredSite = at(node, "required");
  const requiredSites = required.map((missingProperty) => site("required", requiredSite.schemaPath, { missingProperty }));
  const checkRequired = (data: SchemaObject, ctx: Ctx) => {
    let ok = true;
    for (let r = 0; r < required.length; r++) {
      if (hasOwn(data, required[r]!)) continue;
      ok = report(ctx, requiredSites[r]!);
      if (!ctx.all) return false;
    }
    return ok;
  };
  if (names.length === 0 && patterns.length === 0 && additional === undefined) return required.length === 0 ? undefined : checkRequired;
  const additionalCheck = additional === undefined ? ALWAYS : sub(node, additional, "additionalProperties");
  const additionalSite = at(node, "additionalProperties");
  const positions = new Map(names.map((name, i) => [name, i]));
  return (data: SchemaObject, ctx) => {
    let ok = true;
    for (const name in data) {
      if (!hasOwn(data, name)) continue;
      const i = positions.get(name) ?? -1;
      let taken = i >= 0;
      let passed = true;
      if (taken) {
        if (ctx.collecting) note(ctx, name);
        passed = descend(checks[i]!, data[name], tokens[i]!, ctx);
      }
      for (let p = 0; p < patterns.length && (passed || ctx.all); p++) {
        if (!patterns[p]!.test(name)) continue;
        taken = true;
        if (ctx.collecting) note(ctx, name);
        passed = descend(patternChecks[p]!, data[name], "/" + escapePointerToken(name), ctx) && passed;
      }
      if (passed && !taken && additionalCheck !== ALWAYS) {
        passed = additional === false ? report(ctx, additionalSite, { additionalProperty: name }) : descend(additionalCheck, data[name], "/" + escapePointerToken(name), ctx);
      }
      if (passed) continue;
      ok = false;
      if (!ctx.all) return false;
    }
    if (additional !== undefined && ctx.collecting) note(ctx, true);
    return checkRequired(data, ctx) && ok;
  };
}

function checkIdentifiers(node: Node): void {
  if (/#./.test(get<string>(node, "$id") ?? "")) invalid(node, "$id", "must not have a fragment");
  for (const keyword of ["$anchor", "$dynamicAnchor"]) {
    const anchor = get<string>(node, keyword);
    if (anchor !== undefined && !ANCHOR_NAME.test(anchor)) invalid(node, keyword, "must be a plain name");
  }
}

/** Adds the checks of a module's family, when the schema uses it (the module is there: refused otherwise). */
function addModule(checks: Check[], node: Node, families: number, family: number): void {
  if (families & family) for (const check of node.compiler.modules.get(family)!.compile!(node)) if (check !== undefined) checks.push(check);
}

const isPrimitive = (value: unknown) => typeof value !== "object" || value === null;

function compileNode(node: Node): Check {
  const { schema, path, compiler } = node;
  const families = checkKeywords(schema, path, compiler.annotations, compiler.onUnknown);
  const missing = families & ~compiler.families;
  if (missing) {
    const keyword = Object.keys(schema).find((name) => (familyOf(name) & missing) !== 0)!;
    throw new UnsupportedSchemaError(keyword, `${path}/${escapePointerToken(keyword)}`, `${ENTRY}'s compileWith was not given ${MODULE_NAMES[familyOf(keyword)]}; add it, or use compile`);
  }
  if (families & IDENTIFIER) {
    if (compiler.refs && hasOwn(schema, "$dynamicAnchor")) compiler.dynamicAnchors++;
    checkIdentifiers(node);
  }
  // $defs entries are compiled even when nothing refers to them: what they hold is checked too.
  for (const keyword of ["$defs", "definitions"]) {
    const map = get<SchemaObject>(node, keyword);
    if (map) for (const name in map) if (hasOwn(map, name)) compiler.compile(map[name], `${path}/${keyword}/${escapePointerToken(name)}`);
  }
  const string = families & STRINGS ? stringRules(node) : ALWAYS;
  const number = families & NUMBERS ? numberRules(node) : ALWAYS;
  const type = get<string | string[]>(node, "type");
  const enumValues = get<unknown[]>(node, "enum");
  const hasConst = hasOwn(schema, "const");
  const leaf = (families & ~LEAF) === 0 && !(enumValues && hasConst) && (hasConst ? isPrimitive(schema.const) : (enumValues ?? []).every(isPrimitive));
  const arrayChecks: Check[] = [];
  addModule(arrayChecks, node, families, ARRAY);
  const array = allOf(arrayChecks);
  const objectChecks: Check[] = [];
  const properties = families & PROPERTIES ? propertyKeywords(node) : undefined;
  if (properties) objectChecks.push(properties);
  addModule(objectChecks, node, families, OBJECT);
  const object = allOf(objectChecks);
  const none = number === ALWAYS && string === ALWAYS && array === ALWAYS && object === ALWAYS;
  const dispatch: Check = (data, ctx) =>
    typeof data === "number" ? number(data, ctx) : typeof data === "string" ? string(data, ctx) : typeof data !== "object" || data === null || (Array.isArray(data) ? array : object)(data, ctx);
  const checks: Check[] = [];
  if (type !== undefined) {
    let mask = 0;
    for (const name of typeof type === "string" ? [type] : type) mask |= TYPE_BITS[name]!;
    const typeSite = at(node, "type", { type });
    // On a mismatch, with allErrors, the keywords of the value's own type still run, as Ajv reports them.
    checks.push((data, ctx) => ((typeBits(data) & mask) !== 0 ? none || dispatch(data, ctx) : (report(ctx, typeSite), !none && ctx.all && dispatch(data, ctx), false)));
  } else if (!none) checks.push(dispatch);
  if (enumValues !== undefined) {
    const enumSite = at(node, "enum", { allowedValues: enumValues });
    checks.push((data, ctx) => enumValues.some((value) => deepEqual(data, value)) || report(ctx, enumSite));
  }
  if (hasConst) {
    const constSite = at(node, "const", { allowedValue: schema.const });
    checks.push((data, ctx) => deepEqual(data, schema.const) || report(ctx, constSite));
  }
  addModule(checks, node, families, REFERENCE);
  addModule(checks, node, families, APPLICATOR);
  let check = checks.length === 0 && leaf ? () => true : allOf(checks);
  if (families & UNEVALUATED) check = compiler.modules.get(UNEVALUATED)!.wrap!(node, check);
  return check;
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

const VALID: ValidationResult = Object.freeze({ valid: true });

/** Compiles `schema` for draft 2020-12 with the built-in families and `modules` (core.ts's compile and compileWith). */
export function compileCore(schema: unknown, options: CompileOptions, modules: readonly KeywordModule[]): Validate {
  const maxDepth = checkOptions(options, isReserved);
  if (isMap(schema)) checkDialect(schema, "#", options.dialect === undefined);
  if (options.dialect !== undefined && options.dialect !== "draft2020-12") refuseDialect(options.dialect, "");
  for (const module of modules) if (module.templates) addTemplates(module.templates);
  const compiler = new Compiler(schema, options, modules);
  let root: Check;
  try {
    try {
      root = compiler.compile(schema, "#");
    } catch (error) {
      if (!isStackOverflow(error)) throw error;
      throw new InvalidSchemaError("schema", compiler.deepest, "nested too deep for the JavaScript stack");
    }
    for (let i = 0; i < compiler.links.length; i++) compiler.links[i]!();
  } finally {
    const tell = options.onUnknownKeyword;
    for (let i = 0; tell !== undefined && i < compiler.unknown.length; i += 2) tell(compiler.unknown[i]!, compiler.unknown[i + 1]!);
  }
  const allErrors = options.allErrors ?? true;
  const ctx: Ctx = { allErrors, maxDepth, errors: null, quiet: false, all: allErrors, path: [], depth: 0, collecting: false, notes: [], noted: 0, scope: [], scopeDepth: 0, call: 0 };
  return (value) => {
    ctx.errors = null;
    ctx.quiet = false;
    ctx.all = allErrors;
    ctx.depth = ctx.noted = ctx.scopeDepth = 0;
    ctx.collecting = false;
    ctx.call++;
    let ok: boolean;
    try {
      ok = root(value, ctx);
    } catch (error) {
      // A stack overflow is only reachable with a maxDepth above what the stack holds.
      if (!isStackOverflow(error)) throw error;
      ctx.errors = null;
      ctx.quiet = false;
      ctx.depth = 0;
      ok = reportTooDeep(ctx);
    }
    const errors = ctx.errors ?? [];
    ctx.errors = null;
    return ok ? VALID : { valid: false, errors };
  };
}
