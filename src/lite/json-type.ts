// JSON types as bits, so "is this value one of these types" is one mask test (integers carry the
// number bit too).

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
