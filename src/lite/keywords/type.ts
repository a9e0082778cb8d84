// type, enum, const: keywords that apply to every instance type. A single `type` is fused with the
// keywords of that type (one closure tests the type and runs them), the common case in tool schemas.
import { deepEqual } from "../deep-equal.js";
import { TYPE_BITS, typeBitsOf } from "../json-type.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { report, type Check } from "../validation-context.js";

/** The declared type names, checked; undefined when `type` is absent. */
export function readTypes(cursor: SchemaCursor): readonly string[] | undefined {
  const type = cursor.get("type");
  if (type === undefined) return undefined;
  const names: unknown[] = Array.isArray(type) ? type : [type];
  const known = names.every((name) => Object.prototype.hasOwnProperty.call(TYPE_BITS, name as string));
  if (!known || names.length === 0 || new Set(names).size !== names.length) {
    cursor.invalid("type", `must be one of ${Object.keys(TYPE_BITS).join(", ")}, or a non-empty array of them`);
  }
  return names as string[];
}

/** Reports the type error, with Ajv's params (the keyword's value as written). */
export function compileTypeError(cursor: SchemaCursor): Check {
  const site = cursor.site("type");
  const type = cursor.get("type");
  return (_data, ctx) => report(ctx, site, { type });
}

/** Any of several types. */
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

const isPrimitive = (value: unknown): boolean => typeof value !== "object" || value === null;

function compileEnum(cursor: SchemaCursor): Check | undefined {
  const allowedValues = cursor.get("enum");
  if (allowedValues === undefined) return undefined;
  if (!Array.isArray(allowedValues)) cursor.invalid("enum", "must be an array");
  // Primitives go through a Set (SameValueZero: 1 and 1.0 are one number); structures by deep equality.
  const primitives = new Set(allowedValues.filter(isPrimitive));
  const structures = allowedValues.filter((value) => !isPrimitive(value));
  const site = cursor.site("enum");
  const allowsStructure = (data: unknown) => {
    for (const value of structures) if (deepEqual(data, value)) return true;
    return false;
  };
  // A short list of primitives is faster to scan with === than to hash.
  if (structures.length === 0 && primitives.size <= 8) {
    const values = [...primitives];
    return (data, ctx) => values.indexOf(data) >= 0 || report(ctx, site, { allowedValues });
  }
  return (data, ctx) => (isPrimitive(data) ? primitives.has(data) : allowsStructure(data)) || report(ctx, site, { allowedValues });
}

function compileConst(cursor: SchemaCursor): Check | undefined {
  if (!cursor.has("const")) return undefined;
  const allowedValue = cursor.get("const");
  const site = cursor.site("const");
  return (data, ctx) => deepEqual(data, allowedValue) || report(ctx, site, { allowedValue });
}

export function compileValueKeywords(cursor: SchemaCursor): Check[] {
  return [compileEnum(cursor), compileConst(cursor)].filter((check) => check !== undefined);
}
