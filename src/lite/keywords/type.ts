// type, enum, const: keywords that apply to every instance type, and the dispatch of the other
// keywords by the value's JSON type (a string never looks at object keywords). `type` and the
// keywords of the declared type are one closure, the common case in tool schemas.
import { deepEqual } from "../deep-equal.js";
import { TYPE_BITS, typeBitsOf } from "../json-type.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { ALWAYS_VALID, report, type Check, type ErrorSite } from "../validation-context.js";

/** A schema's keywords for each JSON type (ALWAYS_VALID where it has none). */
export interface TypedChecks {
  readonly number: Check;
  readonly string: Check;
  readonly array: Check;
  readonly object: Check;
}

/** A schema's `type`: the names it allows (checked by checkKeywords) as one bit mask, and its error site. */
export interface DeclaredType {
  /** The name, when `type` allows one type only. */
  readonly only: string | undefined;
  readonly mask: number;
  readonly site: ErrorSite;
}

export function readType(cursor: SchemaCursor): DeclaredType | undefined {
  const type = cursor.get<string | string[]>("type");
  if (type === undefined) return undefined;
  // A loop, not an array and a reduce: every schema of a tool has a type, and compiling allocates nothing it does not keep.
  let mask = 0;
  if (typeof type === "string") mask = TYPE_BITS[type]!;
  else for (let i = 0; i < type.length; i++) mask |= TYPE_BITS[type[i]!]!;
  // Ajv's params: the keyword's value as written (a name's params are shared: frozen, they are equal to their own).
  const params = typeof type === "string" ? (TYPE_PARAMS[type] ??= Object.freeze({ type })) : { type };
  return { only: typeof type === "string" ? type : type.length === 1 ? type[0] : undefined, mask, site: cursor.site("type", params) };
}

const TYPE_PARAMS: Record<string, Readonly<{ type: string }>> = Object.create(null);

/** Runs the checks for the value's JSON type. */
export function dispatchByType({ number, string, array, object }: TypedChecks): Check {
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

/** Whether some typed check applies to values outside `mask` (number ones to 2.5, when only integers are allowed). */
function appliesOutside({ number, string, array, object }: TypedChecks, mask: number): boolean {
  return (
    (number !== ALWAYS_VALID && (mask & TYPE_BITS.number!) === 0) ||
    (string !== ALWAYS_VALID && (mask & TYPE_BITS.string!) === 0) ||
    (array !== ALWAYS_VALID && (mask & TYPE_BITS.array!) === 0) ||
    (object !== ALWAYS_VALID && (mask & TYPE_BITS.object!) === 0)
  );
}

/**
 * `type` with the keywords of each type. A value of a declared type runs that type's keywords (a
 * single declared type calls them directly); on a mismatch, with allErrors, the keywords of the
 * value's own type still run, as Ajv reports them ({"type": "string", "minimum": 5} on 3).
 */
export function compileTypeGuard(type: DeclaredType | undefined, typed: TypedChecks | undefined): Check | undefined {
  const dispatch = typed && dispatchByType(typed);
  if (type === undefined) return dispatch;
  const { only, mask, site } = type;
  const single = only === "integer" ? "number" : (only as keyof TypedChecks | undefined);
  const onMatch = (single === undefined ? dispatch : typed?.[single]) ?? ALWAYS_VALID;
  const explain = typed && appliesOutside(typed, mask) ? dispatch : undefined;
  const mismatch: Check = (data, ctx) => report(ctx, site) || (explain !== undefined && ctx.all && (explain(data, ctx), false));
  // The containers of tool schemas, each tested as itself: one closure per object or array node.
  if (mask === TYPE_BITS.object) return (data, ctx) => (typeof data === "object" && data !== null && !Array.isArray(data) ? onMatch(data, ctx) : mismatch(data, ctx));
  if (mask === TYPE_BITS.array) return (data, ctx) => (Array.isArray(data) ? onMatch(data, ctx) : mismatch(data, ctx));
  return (data, ctx) => ((typeBitsOf(data) & mask) !== 0 ? onMatch(data, ctx) : mismatch(data, ctx));
}

export const isPrimitive = (value: unknown): boolean => typeof value !== "object" || value === null;

/** The enum test: primitives by identity (1 and 1.0 are one number), structures by deep equality. */
function enumTest(allowedValues: readonly unknown[]): (data: unknown) => boolean {
  const structures = allowedValues.filter((value) => !isPrimitive(value));
  // A short list of primitives is faster to scan with === than to hash.
  if (structures.length === 0 && allowedValues.length <= 8) return (data) => allowedValues.includes(data);
  const primitives = new Set(allowedValues.filter(isPrimitive));
  return (data) => (isPrimitive(data) ? primitives.has(data) : structures.some((value) => deepEqual(data, value)));
}

function compileEnum(cursor: SchemaCursor): Check | undefined {
  const allowedValues: unknown[] | undefined = cursor.get("enum");
  if (allowedValues === undefined) return undefined;
  const allows = enumTest(allowedValues);
  const site = cursor.site("enum", { allowedValues });
  return (data, ctx) => allows(data) || report(ctx, site);
}

function compileConst(cursor: SchemaCursor): Check | undefined {
  if (!cursor.has("const")) return undefined;
  const allowedValue = cursor.get("const");
  const site = cursor.site("const", { allowedValue });
  return isPrimitive(allowedValue)
    ? (data, ctx) => data === allowedValue || report(ctx, site)
    : (data, ctx) => deepEqual(data, allowedValue) || report(ctx, site);
}

export function compileValueKeywords(cursor: SchemaCursor): Check[] {
  return [compileEnum(cursor), compileConst(cursor)].filter((check) => check !== undefined);
}
