// JSON types as bits, so "is this value one of these types" is one mask test (integers carry the
// number bit too). Also marks compiled checks that test nothing but a type, so a parent can run that
// test inline instead of calling the check: the bulk of a tool schema's leaves ({"type": "string"}).

export const TYPE_BITS: Readonly<Record<string, number>> = { string: 1, number: 2, integer: 4, boolean: 8, null: 16, array: 32, object: 64 };

/** Any JSON value at all (what `true` and `{}` accept). */
export const ANY_TYPE = 127;

export function typeBitsOf(data: unknown): number {
  switch (typeof data) {
    case "string":
      return 1;
    case "number":
      return Number.isInteger(data) ? 6 : 2;
    case "boolean":
      return 8;
    case "object":
      return data === null ? 16 : Array.isArray(data) ? 32 : 64;
    default:
      return 0;
  }
}

const typeOnlyChecks = new WeakMap<object, number>();

/** Records that `check` passes exactly the values whose type is in `mask`. */
export function markTypeOnly<T extends object>(check: T, mask: number): T {
  typeOnlyChecks.set(check, mask);
  return check;
}

/** The mask of a check that tests only a type, else 0. */
export function typeOnlyMask(check: object): number {
  return typeOnlyChecks.get(check) ?? 0;
}
