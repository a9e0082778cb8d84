// schemalab/lite entry: compile(schema, options) → validate(value). Compiles once into closures
// (no eval, no code generation); refuses at compile time whatever it would not check.
import type { Acceptor } from "./acceptor.js";
import { compileSchemaObject } from "./compile-schema.js";
import { checkOptions } from "./compile-options.js";
import { addTemplates } from "./error-messages.js";
import { checkSchemaUri, rootRules, rulesLookup, type DialectTable } from "./dialect-choice.js";
import type { DialectRules, RulesOf } from "./dialect-rules.js";
import { ANY_LEAF, compileLeaf, type Leaf } from "./leaf.js";
import type { PatternMatcher, PatternProblem } from "./pattern/compile-pattern.js";
import type { CompileEnvironment, KeywordModule, RefSupport, SpeedForms } from "./schema-cursor.js";
import { MAX_SCHEMA_DEPTH, schemaTooDeep } from "./schema-depth.js";
import { BUILT_IN_FAMILIES, KNOWN_KEYWORDS, isReservedKeyword, type UnknownKeywordPolicy } from "./schema-keywords.js";
import type { RefResolver } from "./ref-resolver.js";
import { isSchemaObject, switchedRules } from "./schema-registry.js";
import { InvalidSchemaError, type CompileOptions, type LiteError, type Validate, type ValidationResult } from "./types.js";
import { ALWAYS_VALID, errorSite, report, reportTooDeep, type Check, type ValidationContext } from "./validation-context.js";

/**
 * The keywords lite accepts: those it checks (draft 2020-12 validation and applicators, `$ref`,
 * `$defs` and draft-07's `definitions`), and the annotations it ignores (`title`, `$comment`...).
 * Also accepted, never listed: `x-` vendor extensions and the names in `options.annotations`.
 */
export const SUPPORTED_KEYWORDS: readonly string[] = KNOWN_KEYWORDS;

export { MAX_SCHEMA_DEPTH } from "./schema-depth.js";

type FormatCheckers = Readonly<Record<string, (text: string) => boolean>>;

/** What an entry point builds in (index.ts: everything; core.ts: draft 2020-12, no formats). */
export interface EntryKit {
  /** The entry point's name, for refusals ("schemalab/lite/core"). */
  readonly name: string;
  /** Format checkers of strings, asserted with `formats: "assert"`. */
  readonly formats: FormatCheckers;
  /** Formats of numbers (int32...), asserted with `formats: "assert"`. */
  readonly numberFormats: Readonly<Record<string, (value: number) => boolean>>;
  readonly dialects: DialectTable;
  /** How `pattern` and `patternProperties` compile: a matcher, or why the pattern is malformed or refused. */
  readonly compilePattern: (source: string) => PatternMatcher | PatternProblem;
  /** The forms of the hottest checks: special ones (schemalab/lite), or the general ones alone (core: smaller). */
  readonly forms: SpeedForms;
  /** The keyword families beyond the built-in ones it checks (keyword-modules.ts); a keyword of any other is refused. */
  readonly modules: readonly KeywordModule[];
}

const VALID: ValidationResult = Object.freeze({ valid: true });

/** What a compile reads of its kit, worked out once per kit: an entry point's kit lives as long as it does. */
interface KitTables {
  readonly families: number;
  readonly modules: ReadonlyMap<number, KeywordModule>;
  readonly refs: RefSupport | undefined;
  readonly rulesOf: RulesOf;
}

const KIT_TABLES = new WeakMap<EntryKit, KitTables>();

function kitTables(kit: EntryKit): KitTables {
  let tables = KIT_TABLES.get(kit);
  if (tables === undefined) {
    for (const module of kit.modules) if (module.templates) addTemplates(module.templates);
    const modules = new Map(kit.modules.map((module) => [module.family, module]));
    const families = kit.modules.reduce((bits, module) => bits | module.family, BUILT_IN_FAMILIES);
    tables = { families, modules, refs: kit.modules.find((module) => module.refs)?.refs, rulesOf: rulesLookup(kit.dialects, kit.name) };
    KIT_TABLES.set(kit, tables);
  }
  return tables;
}

function falseSchema(path: string): Check {
  const site = errorSite("false schema", `${path}/false schema`);
  return (_data, ctx) => report(ctx, site);
}

/**
 * What a parent may test inline of a compiled check (its leaf, its acceptor), kept on the check
 * itself: a Map from checks to them cost more per schema node than the leaf. Never set on
 * ALWAYS_VALID, which every compile shares; each other check is made by one compile.
 */
interface InlineForms {
  leaf?: Leaf;
  acceptor?: Acceptor;
}

const ANY_ACCEPTOR: Acceptor = { accepts: ANY_LEAF.accepts, levels: 1 };

/** Compiles every schema object once; a schema reached again while compiling (recursion) is linked afterwards. */
class Compiler implements CompileEnvironment {
  readonly formats: "assert" | "ignore";
  readonly annotations: ReadonlySet<string>;
  readonly formatCheckers: FormatCheckers;
  readonly numberFormats: EntryKit["numberFormats"];
  readonly onUnknown: UnknownKeywordPolicy;
  readonly compilePattern: EntryKit["compilePattern"];
  readonly forms: SpeedForms;
  readonly entry: string;
  readonly families: number;
  readonly modules: ReadonlyMap<number, KeywordModule>;
  /** $ref's machinery for this compile, when refKeywords is among the modules. */
  readonly refs: RefResolver | undefined;
  /** The dialect of the schema being compiled. */
  rules: DialectRules;
  readonly rootRules: DialectRules;
  readonly rulesOf: RulesOf;
  private readonly compiled = new Map<object, Check | null>();
  private readonly links: (() => void)[] = [];
  private depth = 0;
  /** Unknown keywords accepted as annotations (keyword, path, ...), told to options.onUnknownKeyword once the compile is over. */
  private readonly unknownKeywords: string[] = [];
  /** The schema being compiled, for the refusal when the stack runs out. */
  deepestPath = "#";

  constructor(
    readonly root: unknown,
    readonly options: CompileOptions,
    kit: EntryKit,
    /** Guess, until an identifier is met, that the document holds none (its $ref registry then skips the scan). */
    readonly guessUnscanned: boolean,
  ) {
    this.formatCheckers = options.formatCheckers ? { ...kit.formats, ...options.formatCheckers } : kit.formats;
    this.numberFormats = kit.numberFormats;
    this.compilePattern = kit.compilePattern;
    this.forms = kit.forms;
    this.entry = kit.name;
    let refs: RefSupport | undefined;
    ({ families: this.families, modules: this.modules, refs, rulesOf: this.rulesOf } = kitTables(kit));
    this.formats = options.formats ?? "assert";
    this.annotations = annotationSet(options.annotations);
    this.rules = this.rootRules = rootRules(root, options, this.rulesOf);
    this.refs = refs?.resolver(this);
    this.onUnknown = options.unknownKeywords === "annotate" ? (keyword, path) => void this.unknownKeywords.push(keyword, path) : undefined;
  }

  /** Whether the $ref registry left the document unscanned: a failure may then be the guess's, not the schema's. */
  get guessed(): boolean {
    return this.refs?.guessed() === true;
  }

  /** Tells options.onUnknownKeyword of the unknown keywords accepted, in the order met. */
  reportUnknownKeywords(): void {
    const report = this.options.onUnknownKeyword;
    for (let i = 0; report !== undefined && i < this.unknownKeywords.length; i += 2) report(this.unknownKeywords[i]!, this.unknownKeywords[i + 1]!);
  }

  compile(schema: unknown, path: string): Check {
    if (typeof schema === "boolean") return schema ? ALWAYS_VALID : falseSchema(path);
    if (!isSchemaObject(schema)) throw new InvalidSchemaError("schema", path, "a schema must be an object or a boolean");
    const known = this.compiled.get(schema);
    if (known) return known;
    if (known === null) return this.linkLater(schema);
    this.compiled.set(schema, null);
    this.deepestPath = path;
    // Each level is a few stack frames: past MAX_SCHEMA_DEPTH, refused before the stack runs out.
    if (++this.depth > MAX_SCHEMA_DEPTH) throw schemaTooDeep(path);
    const outer = this.rules;
    if (schema.$schema !== undefined) {
      checkSchemaUri(schema, path);
      if (!(schema === this.root && this.options.dialect !== undefined)) this.rules = switchedRules(schema, outer, schema === this.root, this.rulesOf, path);
    }
    const seen = this.refs?.dynamicAnchorsSeen;
    const compiled = compileSchemaObject(schema, path, this);
    let leaf = typeof compiled === "function" ? undefined : compiled;
    let check = leaf === undefined ? (compiled as Check) : compileLeaf(leaf);
    if (seen !== this.refs?.dynamicAnchorsSeen) {
      const entered = this.refs!.enterIfResource(schema, check);
      if (entered !== check) {
        check = entered;
        leaf = undefined;
      }
    }
    this.rules = outer;
    this.depth--;
    this.compiled.set(schema, check);
    if (leaf) (check as InlineForms).leaf = leaf;
    return check;
  }

  noteIdentifiers(schema: Readonly<Record<string, unknown>>): void {
    this.refs?.noteIdentifiers(schema);
  }

  leafOf(check: Check): Leaf | undefined {
    return check === ALWAYS_VALID ? ANY_LEAF : (check as InlineForms).leaf;
  }

  /** A container's acceptor (acceptor.ts); a check wrapped afterwards (a resource entered) is another check, so it has none. */
  noteAcceptor(check: Check, acceptor: Acceptor): void {
    if (check !== ALWAYS_VALID) (check as InlineForms).acceptor = acceptor;
  }

  acceptorOf(check: Check): Acceptor | undefined {
    if (check === ALWAYS_VALID) return ANY_ACCEPTOR;
    const leaf = (check as InlineForms).leaf;
    if (leaf === undefined) return (check as InlineForms).acceptor;
    // A leaf's acceptor is made once, when a parent first asks (most leaves are asked by one parent).
    return ((check as InlineForms).acceptor ??= { accepts: leaf.accepts, levels: 1 });
  }

  /** Finishes recursion: every forward reference now points at its compiled schema (links may add links). */
  link(): void {
    for (let i = 0; i < this.links.length; i++) this.links[i]!();
  }

  addLink(link: () => void): void {
    this.links.push(link);
  }

  private linkLater(schema: object): Check {
    let target: Check = ALWAYS_VALID;
    this.links.push(() => (target = this.compiled.get(schema)!));
    return (data, ctx) => target(data, ctx);
  }
}

/** The last options.annotations seen, as a Set: a program passes the same list to every compile. */
let lastAnnotations: { readonly copy: readonly string[]; readonly set: ReadonlySet<string> } | undefined;

function annotationSet(list: readonly string[] = []): ReadonlySet<string> {
  const last = lastAnnotations;
  // Compared by content, not identity: the caller may have changed its array since.
  if (last !== undefined && last.copy.length === list.length && last.copy.every((name, i) => name === list[i])) return last.set;
  lastAnnotations = { copy: [...list], set: new Set(list) };
  return lastAnnotations.set;
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The root's check, every reference linked. */
function compileRoot(compiler: Compiler, schema: unknown): Check {
  let root: Check;
  try {
    root = compiler.compile(schema, "#");
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    throw new InvalidSchemaError("schema", compiler.deepestPath, "nested too deep for the JavaScript stack");
  }
  compiler.link();
  return root;
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
 * Compiles a schema in its dialect (options.dialect, else its `$schema`, else draft 2020-12) with
 * what the entry point (index.ts, core.ts) builds in: its dialects, and its format checkers beside
 * options.formatCheckers. Throws UnsupportedSchemaError for what lite does not check (unknown
 * keywords unless annotated, unknown formats, an unknown `$schema` or one the entry point does not
 * read, remote $ref not in `remotes`, patterns the linear matcher refuses) and InvalidSchemaError
 * for malformed schemas (wrong keyword types, bad regex, dangling $ref, nesting past MAX_SCHEMA_DEPTH).
 */
export function compileWithKit(schema: unknown, options: CompileOptions, kit: EntryKit): Validate {
  const maxDepth = checkOptions(options, isReservedKeyword);
  let compiler = new Compiler(schema, options, kit, true);
  let root: Check;
  try {
    try {
      root = compileRoot(compiler, schema);
    } catch (error) {
      // Most documents hold no identifier, and are compiled without a scan of the whole document.
      // When one does (or the compile failed), what the scanned document gives is the answer.
      if (!compiler.guessed) throw error;
      compiler = new Compiler(schema, options, kit, false);
      root = compileRoot(compiler, schema);
    }
  } finally {
    compiler.reportUnknownKeywords();
  }
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
