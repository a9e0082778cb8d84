// What a keyword compiler sees of one schema object: its keywords (already checked for shape by
// checkKeywords), error sites at its schema path, and a way to compile the subschemas it holds.
import type { Acceptor } from "./acceptor.js";
import type { Template } from "./error-messages.js";
import type { DeclaredType } from "./keywords/type.js";
import { hasOwn } from "./has-own.js";
import { escapePointerToken } from "./json-pointer.js";
import type { DialectRules } from "./dialect-rules.js";
import type { RefHost, RefResolver } from "./ref-resolver.js";
import type { Leaf } from "./leaf.js";
import type { LeafPredicateBuilder } from "./leaf-predicate.js";
import type { PatternMatcher, PatternProblem } from "./pattern/compile-pattern.js";
import type { UnknownKeywordPolicy } from "./schema-keywords.js";
import { InvalidSchemaError, UnsupportedSchemaError } from "./types.js";
import { errorSite, type Check, type ErrorSite } from "./validation-context.js";

/** What $ref and $dynamicRef need beyond their keyword compilers: only refKeywords brings it. */
export interface RefSupport {
  /** The $ref machinery of one compile (ref-resolver.ts). */
  resolver(host: RefHost): RefResolver;
}

/**
 * The forms an entry point builds its hottest checks in. Speed only: the general forms (core's)
 * and the special ones (schemalab/lite's) give every value the same verdict, as their tests check.
 */
export interface SpeedForms {
  /** How a leaf's `accepts` is built: leafPredicate's special forms, or generalLeafPredicate. */
  readonly leafPredicate: LeafPredicateBuilder;
  /** Acceptors of containers of leaves (acceptor.ts: schemalab/lite's), or none (core: only leaves are tested inline). */
  readonly containerAcceptor?: (cursor: SchemaCursor, families: number, type: DeclaredType | undefined) => Acceptor | undefined;
}

/** A keyword family a bundle may leave out (keyword-modules.ts): its compilers, under its export name. */
export interface KeywordModule {
  /** The export that brings it ("arrayKeywords"), for the refusal of a keyword it compiles. */
  readonly name: string;
  /** Its FAMILY bit (schema-keywords.ts). */
  readonly family: number;
  /** The checks of its keywords in one schema object. */
  readonly compile?: (cursor: SchemaCursor) => readonly (Check<never> | undefined)[];
  /** Wraps the schema object's whole check (the unevaluated keywords). */
  readonly wrap?: (cursor: SchemaCursor, check: Check) => Check;
  readonly refs?: RefSupport;
  /** The error message templates of its keywords (error-messages.ts), added by a compile that has the module. */
  readonly templates?: Readonly<Record<string, Template>>;
  /** How `pattern` and `patternProperties` compile (core's patternKeywords: a module of no family). */
  readonly compilePattern?: (source: string) => PatternMatcher | PatternProblem;
}

export interface CompileEnvironment {
  /** The entry point's name, for refusals ("schemalab/lite/core"). */
  readonly entry: string;
  /** The FAMILY bits this compile checks: the built-in families and those of its keyword modules. */
  readonly families: number;
  /** The keyword modules by FAMILY bit. */
  readonly modules: ReadonlyMap<number, KeywordModule>;
  readonly formats: "assert" | "ignore";
  /** The string format checkers asserted (the entry point's built-in ones and options.formatCheckers). */
  readonly formatCheckers: Readonly<Record<string, (text: string) => boolean>>;
  /** The number formats asserted (int32...: the full entry point's; none in schemalab/lite/core). */
  readonly numberFormats: Readonly<Record<string, (value: number) => boolean>>;
  /** The entry point's pattern compiler (the linear matcher in schemalab/lite, native RegExp only in core). */
  readonly compilePattern: (source: string) => PatternMatcher | PatternProblem;
  /** The entry point's forms of its hottest checks (EntryKit.forms). */
  readonly forms: SpeedForms;
  /** Keyword names accepted as annotations besides the standard ones (options.annotations). */
  readonly annotations: ReadonlySet<string>;
  /** The dialect of the schema being compiled. */
  readonly rules: DialectRules;
  /** undefined: an unknown keyword is refused; else called with it and accepted ("annotate"). */
  readonly onUnknown: UnknownKeywordPolicy;
  /** Told of a schema object that has identifier keywords ($id, $dynamicAnchor...), before its subschemas compile. */
  noteIdentifiers(schema: Readonly<Record<string, unknown>>): void;
  /** Compiles a schema found at `path`, once per schema object (recursion compiles lazily). */
  compile(schema: unknown, path: string): Check;
  /** Resolves and compiles `$ref` and `$dynamicRef` targets: there whenever refKeywords is a module of this compile. */
  readonly refs: RefResolver | undefined;
  /** The leaf a compiled check stands for, so a parent can test it inline. */
  leafOf(check: Check): Leaf | undefined;
  /** The acceptor of a compiled check (its leaf's, or a container's: acceptor.ts), so a parent can test it inline. */
  acceptorOf(check: Check): Acceptor | undefined;
  /** Notes the acceptor of a container's compiled check. */
  noteAcceptor(check: Check, acceptor: Acceptor): void;
}

/** A map of subschemas compiled: its names, their checks and their pointer tokens ("/a~1b"); read-only. */
export type SubschemaMap = readonly [names: readonly string[], checks: readonly Check[], tokens: readonly string[]];

const NO_SUBSCHEMAS: SubschemaMap = [[], [], []];

const tokenOf = (name: string): string => "/" + escapePointerToken(name);

// "/type", "/format"...: one concatenation per error site instead of two (keywords are few, and the dialect's).
const SLASHED: Record<string, string> = Object.create(null);
const slashed = (keyword: string): string => (SLASHED[keyword] ??= "/" + keyword);

function compileMap(cursor: SchemaCursor, keyword: string): SubschemaMap {
  const map = cursor.get<Readonly<Record<string, unknown>>>(keyword);
  if (map === undefined) return NO_SUBSCHEMAS;
  const names = Object.keys(map);
  // map, not a loop filling `new Array(n)`: packed arrays, which the validation loops read fastest.
  const tokens = names.map(tokenOf);
  const path = cursor.keywordPath(keyword);
  return [names, names.map((name, i) => cursor.env.compile(map[name], path + tokens[i])), tokens];
}

export class SchemaCursor {
  /** The compiled `properties`, once asked for. */
  private properties: SubschemaMap | undefined = undefined;
  /** What shared() made: maker, value, maker, value... */
  private made: unknown[] | undefined = undefined;

  constructor(
    readonly schema: Readonly<Record<string, unknown>>,
    /** Schema path of this object ("#", "#/properties/a"). */
    readonly path: string,
    readonly env: CompileEnvironment,
    /** The keyword each rewritten one was written as (another dialect's schema, see dialect-rules.ts). */
    private readonly aliases?: Readonly<Record<string, string>>,
    /** The schema object as written (`schema` is its rewritten view for another dialect): what `$ref`s resolve from. */
    readonly source: Readonly<Record<string, unknown>> = schema,
  ) {}

  /** The keyword as written in the schema, for paths and errors. */
  private written(keyword: string): string {
    return this.aliases?.[keyword] ?? keyword;
  }

  has(keyword: string): boolean {
    return hasOwn(this.schema, keyword);
  }

  /**
   * The keyword's value when the schema has it as its own key (most keywords are absent: one load
   * decides), typed as the shape checkKeywords has already checked.
   */
  get<T = unknown>(keyword: string): T | undefined {
    const value = this.schema[keyword];
    return value !== undefined && hasOwn(this.schema, keyword) ? (value as T) : undefined;
  }

  /** Where errors of `keyword` point; `params` when they are the same for every error. */
  site(keyword: string, params?: Readonly<Record<string, unknown>>): ErrorSite {
    const written = this.aliases === undefined ? keyword : this.written(keyword);
    return errorSite(written, this.path + slashed(written), params);
  }

  invalid(keyword: string, detail: string): never {
    throw new InvalidSchemaError(this.written(keyword), `${this.path}/${this.written(keyword)}`, detail);
  }

  /**
   * What `make` makes of this object, made once: two compilers of one object (properties.ts and
   * acceptor.ts) read the same tables of its `properties` and `required`.
   */
  shared<T>(make: (cursor: SchemaCursor) => T): T {
    const made = (this.made ??= []);
    const at = made.indexOf(make);
    if (at >= 0) return made[at + 1] as T;
    const value = make(this);
    made.push(make, value);
    return value;
  }

  /** The schema path of `keyword` in this object. */
  keywordPath(keyword: string): string {
    return `${this.path}/${this.written(keyword)}`;
  }

  /** Compiles the subschema at schema[keyword][...rest]. */
  subschema(value: unknown, keyword: string, ...rest: (string | number)[]): Check {
    let path = `${this.path}/${this.written(keyword)}`;
    for (const token of rest) path += "/" + escapePointerToken(token);
    return this.env.compile(value, path);
  }

  /**
   * Compiles each entry of a map of subschemas (properties, $defs...), in the map's order; with
   * each name as a pointer token ("/a~1b"), as instance paths need them too.
   */
  subschemaMap(keyword: string): SubschemaMap {
    // `properties` is asked for twice (its keyword and the object's acceptor): compiled into arrays once.
    if (keyword === "properties") return (this.properties ??= compileMap(this, keyword));
    return compileMap(this, keyword);
  }

  /** Compiles each entry of a map of subschemas ($defs...) for what it checks, keeping nothing. */
  compileEach(keyword: string): void {
    const map = this.get<Readonly<Record<string, unknown>>>(keyword);
    if (map === undefined) return;
    const path = `${this.path}/${this.written(keyword)}/`;
    for (const name in map) if (hasOwn(map, name)) this.env.compile(map[name], path + escapePointerToken(name));
  }

  /**
   * A Unicode regular expression that never backtracks catastrophically (see pattern/compile-pattern.ts
   * and pattern/native-linear.ts); the spec's patterns search, they are not anchored.
   */
  regex(keyword: string, source: string): PatternMatcher {
    const compiled = this.env.compilePattern(source);
    if ("invalid" in compiled) return this.invalid(keyword, `invalid regular expression ${JSON.stringify(source)}: ${compiled.invalid}`);
    if ("refused" in compiled) throw new UnsupportedSchemaError(this.written(keyword), `${this.path}/${this.written(keyword)}`, compiled.refused);
    return compiled;
  }
}
