// schemalab/lite entry: compile(schema, options) → validate(value). Compiles once into closures
// (no eval, no code generation); refuses at compile time whatever it would not check.
import { compileSchemaObject } from "./compile-schema.js";
import { DEFAULT_DIALECT, dialectOfSchemaUri, isDialect, type Dialect } from "./dialect.js";
import type { DialectRules } from "./dialect-rules.js";
import { ALL_DIALECT_RULES } from "./dialects/all-dialects.js";
import { enterResource, linkDynamicRef, type DynamicRefKind } from "./dynamic-scope.js";
import { hasOwn } from "./has-own.js";
import { IDN_FORMATS } from "./idn-formats.js";
import { ANY_LEAF, type Leaf } from "./leaf.js";
import { FORMAT_CHECKERS } from "./formats.js";
import { NUMBER_FORMATS } from "./number-formats.js";
import type { CompileEnvironment } from "./schema-cursor.js";
import { KNOWN_KEYWORDS, isReservedKeyword, type UnknownKeywordPolicy } from "./schema-keywords.js";
import { SchemaRegistry, isSchemaObject, switchedRules, type ResolvedRef } from "./schema-registry.js";
import { InvalidSchemaError, UnsupportedSchemaError, type CompileOptions, type LiteError, type Validate, type ValidationResult } from "./types.js";
import { ALWAYS_VALID, errorSite, report, reportTooDeep, type Check, type ValidationContext } from "./validation-context.js";

/**
 * The keywords lite accepts: those it checks (draft 2020-12 validation and applicators, `$ref`,
 * `$defs` and draft-07's `definitions`), and the annotations it ignores (`title`, `$comment`...).
 * Also accepted, never listed: `x-` vendor extensions and the names in `options.annotations`.
 */
export const SUPPORTED_KEYWORDS: readonly string[] = KNOWN_KEYWORDS;
/** The formats lite asserts (with `formats: "assert"`, the default). */
export const SUPPORTED_FORMATS: readonly string[] = [...Object.keys(FORMAT_CHECKERS), ...Object.keys(IDN_FORMATS), ...Object.keys(NUMBER_FORMATS)];

const VALID: ValidationResult = Object.freeze({ valid: true });

function falseSchema(path: string): Check {
  const site = errorSite("false schema", `${path}/false schema`);
  return (_data, ctx) => report(ctx, site);
}

const rulesOf = (dialect: Dialect): DialectRules | undefined => ALL_DIALECT_RULES[dialect];

/** A `$schema` lite cannot read is refused by name: a custom metaschema may switch vocabularies off. */
function checkSchemaUri(schema: Readonly<Record<string, unknown>>, path: string): void {
  const uri = schema.$schema;
  if (typeof uri === "string" && dialectOfSchemaUri(uri) === undefined) {
    throw new UnsupportedSchemaError("$schema", `${path}/$schema`, `unknown dialect "${uri}"`);
  }
}

/** The root's dialect: options.dialect, else its `$schema`, else draft 2020-12. */
function rootRules(root: unknown, options: CompileOptions): DialectRules {
  // Even options.dialect cannot read a custom metaschema: it may switch vocabularies off.
  if (isSchemaObject(root)) checkSchemaUri(root, "#");
  if (options.dialect !== undefined) return ALL_DIALECT_RULES[options.dialect];
  if (isSchemaObject(root)) {
    const dialect = typeof root.$schema === "string" ? dialectOfSchemaUri(root.$schema) : undefined;
    if (dialect !== undefined) return ALL_DIALECT_RULES[dialect];
  }
  return ALL_DIALECT_RULES[DEFAULT_DIALECT];
}

/** Compiles every schema object once; a schema reached again while compiling (recursion) is linked afterwards. */
class Compiler implements CompileEnvironment {
  readonly formats: "assert" | "ignore";
  readonly annotations: ReadonlySet<string>;
  readonly onUnknown: UnknownKeywordPolicy;
  /** The dialect of the schema being compiled. */
  rules: DialectRules;
  private readonly rootRules: DialectRules;
  // Built on the first $ref: a schema without one never pays for the scan.
  private registry: SchemaRegistry | undefined;
  private readonly compiled = new Map<object, Check | null>();
  private readonly leaves = new Map<Check, Leaf>();
  private readonly links: (() => void)[] = [];
  /** Counts $dynamicAnchor / $recursiveAnchor met: a resource that saw one enters the dynamic scope. */
  private dynamicAnchorsSeen = 0;

  constructor(
    private readonly root: unknown,
    private readonly options: CompileOptions,
  ) {
    this.formats = options.formats ?? "assert";
    this.annotations = new Set(options.annotations);
    this.rules = this.rootRules = rootRules(root, options);
    const report = options.onUnknownKeyword;
    this.onUnknown = options.unknownKeywords === "annotate" ? (keyword, path) => report?.(keyword, path) : undefined;
  }

  compile(schema: unknown, path: string): Check {
    if (typeof schema === "boolean") return schema ? ALWAYS_VALID : falseSchema(path);
    if (!isSchemaObject(schema)) throw new InvalidSchemaError("schema", path, "a schema must be an object or a boolean");
    const known = this.compiled.get(schema);
    if (known) return known;
    if (known === null) return this.linkLater(schema);
    this.compiled.set(schema, null);
    const outer = this.rules;
    if (schema.$schema !== undefined) {
      checkSchemaUri(schema, path);
      if (!(schema === this.root && this.options.dialect !== undefined)) this.rules = switchedRules(schema, outer, schema === this.root, rulesOf);
    }
    const seen = this.dynamicAnchorsSeen;
    let [check, leaf] = compileSchemaObject(schema, path, this);
    if (seen !== this.dynamicAnchorsSeen && this.isResourceRoot(schema)) {
      check = enterResource(this.registryOf().baseOf(schema), check);
      leaf = undefined;
    }
    this.rules = outer;
    this.compiled.set(schema, check);
    if (leaf) this.leaves.set(check, leaf);
    return check;
  }

  noteIdentifiers(schema: Readonly<Record<string, unknown>>): void {
    if (hasOwn(schema, "$dynamicAnchor") || schema.$recursiveAnchor === true) this.dynamicAnchorsSeen++;
  }

  leafOf(check: Check): Leaf | undefined {
    return check === ALWAYS_VALID ? ANY_LEAF : this.leaves.get(check);
  }

  compileRef(ref: string, from: object, refPath: string): Check {
    const registry = this.registryOf();
    const target = registry.resolve(ref, from, refPath);
    const check = this.compileTarget(target);
    const base = isSchemaObject(target.schema) ? registry.baseOf(target.schema) : undefined;
    if (base === undefined || base === registry.baseOf(from)) return check;
    // A $ref into another resource puts that resource in the dynamic scope, when any schema has a dynamic anchor.
    let entered = check;
    this.links.push(() => {
      if (this.dynamicAnchorsSeen > 0) entered = enterResource(base, check);
    });
    return (data, ctx) => entered(data, ctx);
  }

  compileDynamicRef(ref: string, from: object, refPath: string, kind: DynamicRefKind): Check {
    const registry = this.registryOf();
    const target = registry.resolve(ref, from, refPath);
    return linkDynamicRef(registry, ref, target, kind, this.compileTarget(target), (link) => this.links.push(link), (found) => this.compileTarget(found));
  }

  /** Finishes recursion: every forward reference now points at its compiled schema (links may add links). */
  link(): void {
    for (let i = 0; i < this.links.length; i++) this.links[i]!();
  }

  private compileTarget(target: ResolvedRef): Check {
    const outer = this.rules;
    this.rules = target.rules;
    const check = this.compile(target.schema, target.path);
    this.rules = outer;
    return check;
  }

  private registryOf(): SchemaRegistry {
    return (this.registry ??= new SchemaRegistry(this.root, this.rootRules, this.options.remotes ?? {}, rulesOf));
  }

  private isResourceRoot(schema: object): boolean {
    return schema === this.root || this.registryOf().isResourceRoot(schema);
  }

  private linkLater(schema: object): Check {
    let target: Check = ALWAYS_VALID;
    this.links.push(() => (target = this.compiled.get(schema)!));
    return (data, ctx) => target(data, ctx);
  }
}

function checkOptions(options: CompileOptions): number {
  const maxDepth = options.maxDepth ?? 256;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new InvalidSchemaError("maxDepth", "", "options.maxDepth must be a positive integer");
  if (options.dialect !== undefined && !isDialect(options.dialect)) throw new InvalidSchemaError("dialect", "", `options.dialect ${JSON.stringify(options.dialect)} is not a dialect lite reads`);
  if (options.unknownKeywords !== undefined && options.unknownKeywords !== "refuse" && options.unknownKeywords !== "annotate") {
    throw new InvalidSchemaError("unknownKeywords", "", 'options.unknownKeywords must be "refuse" or "annotate"');
  }
  if (options.formats !== undefined && options.formats !== "assert" && options.formats !== "ignore") {
    throw new InvalidSchemaError("formats", "", 'options.formats must be "assert" or "ignore"');
  }
  // Treating a keyword lite checks as an annotation would drop its rule without a word.
  const reserved = options.annotations?.find((name) => typeof name !== "string" || isReservedKeyword(name));
  if (reserved !== undefined) throw new InvalidSchemaError("annotations", "", `options.annotations cannot name ${JSON.stringify(reserved)}`);
  return maxDepth;
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

function run(root: Check, value: unknown, ctx: ValidationContext): boolean {
  ctx.errors = null;
  ctx.quiet = false;
  ctx.all = ctx.allErrors;
  ctx.depth = 0;
  ctx.collecting = false;
  ctx.noted = 0;
  ctx.scopeDepth = 0;
  ctx.call++;
  try {
    return root(value, ctx);
  } catch (error) {
    // A stack overflow is only reachable with a maxDepth above what the stack holds.
    if (!isStackOverflow(error)) throw error;
    ctx.errors = null;
    ctx.quiet = false;
    ctx.depth = 0;
    return reportTooDeep(ctx);
  }
}

/**
 * Compiles a schema in its dialect (options.dialect, else its `$schema`, else draft 2020-12).
 * Throws UnsupportedSchemaError for what lite does not check (unknown keywords unless annotated,
 * unknown formats, an unknown `$schema`, remote $ref not in `remotes`) and
 * InvalidSchemaError for malformed schemas (wrong keyword types, bad regex, dangling $ref).
 */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  const maxDepth = checkOptions(options);
  const compiler = new Compiler(schema, options);
  const root = compiler.compile(schema, "#");
  compiler.link();
  const allErrors = options.allErrors ?? true;
  // One context per validator, reset per call: a valid value allocates nothing.
  const ctx: ValidationContext = {
    allErrors, maxDepth, errors: null, quiet: false, all: allErrors, path: [], depth: 0, collecting: false, annotations: [], noted: 0, call: 0, scope: [], scopeDepth: 0,
  };
  return (value) => {
    // One pass: a valid value builds nothing, a failing one builds its errors as it goes.
    if (run(root, value, ctx)) return VALID;
    const errors: LiteError[] = ctx.errors ?? [];
    ctx.errors = null;
    return { valid: false, errors };
  };
}
