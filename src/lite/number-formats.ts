// Formats of numbers (OpenAPI's int32, int64, float, double), asserted in every dialect as
// ajv-formats asserts them: int32 a 32-bit signed integer, int64 any integer (JSON numbers hold no
// more than 2^53 exactly), float and double any number. A string is never checked against them.
// They are format checkers of the full entry point only (index.ts): schemalab/lite/core has none.

const MIN_INT32 = -(2 ** 31);
const MAX_INT32 = 2 ** 31 - 1;
const anyNumber = () => true;

export const NUMBER_FORMATS: Readonly<Record<string, (value: number) => boolean>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, (value: number) => boolean>, {
    int32: (value: number) => Number.isInteger(value) && value >= MIN_INT32 && value <= MAX_INT32,
    int64: (value: number) => Number.isInteger(value),
    float: anyNumber,
    double: anyNumber,
  }),
);
