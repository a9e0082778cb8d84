// What a keyword compiler sees of one schema object: its keywords read with their expected types
// (a wrong type is an InvalidSchemaError naming the keyword's schema path), and a way to compile
// the subschemas it holds.
import { escapePointerToken } from "./json-pointer.js";
import { isSchemaObject } from "./schema-registry.js";
import { InvalidSchemaError } from "./types.js";
import type { Check, ErrorSite } from "./validation-context.js";

export interface CompileEnvironment {
  readonly formats: "assert" | "ignore";
  /** Compiles a schema found at `path`, once per schema object (recursion compiles lazily). */
  compile(schema: unknown, path: string): Check;
  /** Compiles the target of `ref`, written in `from` at `refPath`. */
  compileRef(ref: string, from: object, refPath: string): Check;
}

export class SchemaCursor {
  /** The schema's own keywords: probing ~40 keywords on a 3-key object is faster through a Set. */
  readonly keywords: ReadonlySet<string>;

  constructor(
    readonly schema: Readonly<Record<string, unknown>>,
    /** Schema path of this object ("#", "#/properties/a"). */
    readonly path: string,
    readonly env: CompileEnvironment,
  ) {
    this.keywords = new Set(Object.keys(schema));
  }

  has(keyword: string): boolean {
    return this.keywords.has(keyword);
  }

  /** The keyword's value when the schema has it as its own key. */
  get(keyword: string): unknown {
    return this.keywords.has(keyword) ? this.schema[keyword] : undefined;
  }

  site(keyword: string): ErrorSite {
    return { keyword, schemaPath: `${this.path}/${escapePointerToken(keyword)}` };
  }

  invalid(keyword: string, detail: string): never {
    throw new InvalidSchemaError(keyword, this.site(keyword).schemaPath, detail);
  }

  /** Compiles the subschema at schema[keyword][...rest]. */
  subschema(value: unknown, keyword: string, ...rest: (string | number)[]): Check {
    let path = this.site(keyword).schemaPath;
    for (const token of rest) path += "/" + escapePointerToken(token);
    return this.env.compile(value, path);
  }

  number(keyword: string): number | undefined {
    const value = this.get(keyword);
    if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value))) this.invalid(keyword, "must be a number");
    return value as number | undefined;
  }

  count(keyword: string): number | undefined {
    const value = this.get(keyword);
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) this.invalid(keyword, "must be a non-negative integer");
    return value as number | undefined;
  }

  string(keyword: string): string | undefined {
    const value = this.get(keyword);
    if (value !== undefined && typeof value !== "string") this.invalid(keyword, "must be a string");
    return value as string | undefined;
  }

  boolean(keyword: string): boolean | undefined {
    const value = this.get(keyword);
    if (value !== undefined && typeof value !== "boolean") this.invalid(keyword, "must be a boolean");
    return value as boolean | undefined;
  }

  /** An array of unique strings (required, dependentRequired entries). */
  stringList(keyword: string, value: unknown = this.get(keyword)): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string") || new Set(value).size !== value.length) {
      this.invalid(keyword, "must be an array of unique strings");
    }
    return value as string[];
  }

  /** A non-empty array of schemas (allOf, anyOf, oneOf, prefixItems). */
  schemaList(keyword: string): readonly unknown[] | undefined {
    const value = this.get(keyword);
    if (value !== undefined && (!Array.isArray(value) || value.length === 0)) this.invalid(keyword, "must be a non-empty array of schemas");
    return value as unknown[] | undefined;
  }

  /** An object whose values are schemas (properties, patternProperties, $defs, dependentSchemas). */
  schemaMap(keyword: string): Readonly<Record<string, unknown>> | undefined {
    const value = this.get(keyword);
    if (value !== undefined && !isSchemaObject(value)) this.invalid(keyword, "must be an object");
    return value as Record<string, unknown> | undefined;
  }

  /** A Unicode regular expression; the spec's patterns search, they are not anchored. */
  regex(keyword: string, source: string): RegExp {
    try {
      return new RegExp(source, "u");
    } catch (error) {
      return this.invalid(keyword, `invalid regular expression ${JSON.stringify(source)}: ${(error as Error).message}`);
    }
  }
}
