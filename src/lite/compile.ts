// schemalab/lite entry: compile(schema, options) → validate(value). Compiles once into closures
// (no eval, no code generation); refuses at compile time whatever it would not check.
import { compileSchemaObject } from "./compile-schema.js";
import { ANY_LEAF, type Leaf } from "./leaf.js";
import type { CompileEnvironment } from "./schema-cursor.js";
import { KNOWN_KEYWORDS, isReservedKeyword } from "./schema-keywords.js";
import { MAX_SCHEMA_DEPTH, schemaTooDeep } from "./schema-depth.js";
import { SchemaRegistry, isSchemaObject } from "./schema-registry.js";
import { InvalidSchemaError, type CompileOptions, type LiteError, type Validate, type ValidationResult } from "./types.js";
import { ALWAYS_VALID, errorSite, report, reportTooDeep, type Check, type ValidationContext } from "./validation-context.js";

/**
 * The keywords lite accepts: those it checks (draft 2020-12 validation and applicators, `$ref`,
 * `$defs` and draft-07's `definitions`), and the annotations it ignores (`title`, `$comment`...).
 * Also accepted, never listed: `x-` vendor extensions and the names in `options.annotations`.
 */
export const SUPPORTED_KEYWORDS: readonly string[] = KNOWN_KEYWORDS;
type FormatCheckers = Readonly<Record<string, (text: string) => boolean>>;

export { MAX_SCHEMA_DEPTH } from "./schema-depth.js";

const VALID: ValidationResult = Object.freeze({ valid: true });

function falseSchema(path: string): Check {
  const site = errorSite("false schema", `${path}/false schema`);
  return (_data, ctx) => report(ctx, site);
}

/** Compiles every schema object once; a schema reached again while compiling (recursion) is linked afterwards. */
class Compiler implements CompileEnvironment {
  readonly formats: "assert" | "ignore";
  readonly annotations: ReadonlySet<string>;
  readonly formatCheckers: FormatCheckers;
  // Built on the first $ref: a schema without one never pays for the scan.
  private registry: SchemaRegistry | undefined;
  private readonly compiled = new Map<object, Check | null>();
  private readonly leaves = new Map<Check, Leaf>();
  private readonly links: (() => void)[] = [];
  private depth = 0;
  /** The schema being compiled, for the refusal when the stack runs out. */
  deepestPath = "#";

  constructor(
    private readonly root: unknown,
    private readonly options: CompileOptions,
    builtInFormats: FormatCheckers,
  ) {
    this.formatCheckers = options.formatCheckers ? { ...builtInFormats, ...options.formatCheckers } : builtInFormats;
    this.formats = options.formats ?? "assert";
    this.annotations = new Set(options.annotations);
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
    const [check, leaf] = compileSchemaObject(schema, path, this);
    this.depth--;
    this.compiled.set(schema, check);
    if (leaf) this.leaves.set(check, leaf);
    return check;
  }

  leafOf(check: Check): Leaf | undefined {
    return check === ALWAYS_VALID ? ANY_LEAF : this.leaves.get(check);
  }

  compileRef(ref: string, from: object, refPath: string): Check {
    this.registry ??= new SchemaRegistry(this.root, this.options.remotes ?? {});
    const target = this.registry.resolve(ref, from, refPath);
    return this.compile(target.schema, target.path);
  }

  /** Finishes recursion: every forward reference now points at its compiled schema. */
  link(): void {
    for (const link of this.links) link();
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
  if (options.formats !== undefined && options.formats !== "assert" && options.formats !== "ignore") {
    throw new InvalidSchemaError("formats", "", 'options.formats must be "assert" or "ignore"');
  }
  const checkers = options.formatCheckers ?? {};
  const notChecker = Object.keys(checkers).find((name) => typeof checkers[name] !== "function");
  if (notChecker !== undefined) throw new InvalidSchemaError("formatCheckers", "", `options.formatCheckers[${JSON.stringify(notChecker)}] must be a function`);
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
 * Compiles a draft 2020-12 schema, asserting the formats of `builtInFormats` and options.formatCheckers
 * (the entry points, index.ts and core.ts, choose the built-in ones). Throws UnsupportedSchemaError
 * for what lite does not check (unknown keywords, $dynamicRef, unknown formats, remote $ref not in
 * `remotes`) and InvalidSchemaError for malformed schemas (wrong keyword types, bad regex, dangling $ref).
 */
export function compileWithFormats(schema: unknown, options: CompileOptions, builtInFormats: FormatCheckers): Validate {
  const maxDepth = checkOptions(options);
  const compiler = new Compiler(schema, options, builtInFormats);
  let root: Check;
  try {
    root = compiler.compile(schema, "#");
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    throw new InvalidSchemaError("schema", compiler.deepestPath, "nested too deep for the JavaScript stack");
  }
  compiler.link();
  const allErrors = options.allErrors ?? true;
  // One context per validator, reset per call: a valid value allocates nothing.
  const ctx: ValidationContext = {
    allErrors, maxDepth, errors: null, quiet: false, all: allErrors, path: [], depth: 0, collecting: false, annotations: [], noted: 0, call: 0,
  };
  return (value) => {
    // One pass: a valid value builds nothing, a failing one builds its errors as it goes.
    if (run(root, value, ctx)) return VALID;
    const errors: LiteError[] = ctx.errors ?? [];
    ctx.errors = null;
    return { valid: false, errors };
  };
}
