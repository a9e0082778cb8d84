// type, enum, const: keywords that apply to every instance type. A single `type` is fused with the
// keywords of that type (one closure tests the type and runs them), the common case in tool schemas.
import { deepEqual } from "../deep-equal.js";
import { TYPE_BITS, typeBitsOf } from "../json-type.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { report, type Check } from "../validation-context.js";

/** The declared type names (checked by checkKeywords); undefined when `type` is absent. */
export function readTypes(cursor: SchemaCursor): readonly string[] | undefined {
  const type = cursor.get("type");
  return type === undefined || Array.isArray(type) ? type : [type];
}

/** Reports the type error, with Ajv's params (the keyword's value as written). */
export function compileTypeError(cursor: SchemaCursor): Check {
  const site = cursor.site("type", { type: cursor.get("type") });
  return (_data, ctx) => report(ctx, site);
}

/** Any of several types, as one bit mask. */
export function typeMask(names: readonly string[]): number {
  return names.reduce((bits, name) => bits | TYPE_BITS[name]!, 0);
}

export function compileTypeUnion(cursor: SchemaCursor, names: readonly string[]): Check {
  const mask = typeMask(names);
  const typeError = compileTypeError(cursor);
  return (data, ctx) => (typeBitsOf(data) & mask) !== 0 || typeError(data, ctx);
}

/** One type: runs `onMatch` when the value has it, else `onMismatch` (each test written out so it inlines). */
export function guardByType(name: string, onMatch: Check<any>, onMismatch: Check): Check {
  switch (name) {
    case "string":
      return (data, ctx) => (typeof data === "string" ? onMatch(data, ctx) : onMismatch(data, ctx));
    case "number":
      return (data, ctx) => (typeof data === "number" ? onMatch(data, ctx) : onMismatch(data, ctx));
    case "integer":
      return (data, ctx) => (Number.isInteger(data) ? onMatch(data, ctx) : onMismatch(data, ctx));
    case "boolean":
      return (data, ctx) => typeof data === "boolean" || onMismatch(data, ctx);
    case "null":
      return (data, ctx) => data === null || onMismatch(data, ctx);
    case "array":
      return (data, ctx) => (Array.isArray(data) ? onMatch(data, ctx) : onMismatch(data, ctx));
    default:
      return (data, ctx) => (typeof data === "object" && data !== null && !Array.isArray(data) ? onMatch(data, ctx) : onMismatch(data, ctx));
  }
}

export const isPrimitive = (value: unknown): boolean => typeof value !== "object" || value === null;

/** The enum test: primitives by identity (1 and 1.0 are one number), structures by deep equality. */
function enumTest(allowedValues: readonly unknown[]): (data: unknown) => boolean {
  const structures = allowedValues.filter((value) => !isPrimitive(value));
  // A short list of primitives is faster to scan with === than to hash.
  if (structures.length === 0 && allowedValues.length <= 8) return (data) => allowedValues.indexOf(data) >= 0;
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
