// Numbers within minimum/maximum/exclusive* and, for multipleOf, exact multiples built as
// k × step on decimal digits: a 0.01 step gives 19.99, never 306.09000000000003.
import fc from "fast-check";
import { decimalToNumber, lcmOfSteps, MAX_EXACT_DIGITS, multipleIndexRange, toDecimal } from "./decimal.js";
import { DrawArbitrary, drawInteger, integerArbitrary as drawnIntegers, smallerIntegers, weightedChoice } from "./draw-arbitrary.js";
import { UnsatisfiableSchemaError, unlessUnsatisfiable } from "./generation-context.js";
import type { SchemaObject } from "./merge-schemas.js";

export interface NumberBounds {
  readonly min?: number;
  readonly minExcluded: boolean;
  readonly max?: number;
  readonly maxExcluded: boolean;
}

const asNumber = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** The tighter of minimum and exclusiveMinimum (and the same above); equal values make it exclusive. */
export function numberBounds(schema: SchemaObject): NumberBounds {
  const minimum = asNumber(schema.minimum);
  const exclusiveMinimum = asNumber(schema.exclusiveMinimum);
  const maximum = asNumber(schema.maximum);
  const exclusiveMaximum = asNumber(schema.exclusiveMaximum);
  const minExcluded = exclusiveMinimum !== undefined && (minimum === undefined || exclusiveMinimum >= minimum);
  const maxExcluded = exclusiveMaximum !== undefined && (maximum === undefined || exclusiveMaximum <= maximum);
  return {
    min: minExcluded ? exclusiveMinimum : minimum,
    minExcluded,
    max: maxExcluded ? exclusiveMaximum : maximum,
    maxExcluded,
  };
}

/** Unbounded sides of an integer range reach this far past the other bound (or zero). */
const INTEGER_SPAN = 2 ** 31;

function integerRange(bounds: NumberBounds): [number, number] {
  const low = bounds.min === undefined ? undefined : bounds.minExcluded ? Math.floor(bounds.min) + 1 : Math.ceil(bounds.min);
  const high = bounds.max === undefined ? undefined : bounds.maxExcluded ? Math.ceil(bounds.max) - 1 : Math.floor(bounds.max);
  const from = low ?? Math.min(high ?? 0, 0) - INTEGER_SPAN;
  const to = high ?? Math.max(low ?? 0, 0) + INTEGER_SPAN;
  return [Math.max(from, Number.MIN_SAFE_INTEGER), Math.min(to, Number.MAX_SAFE_INTEGER)];
}

function integerArbitrary(bounds: NumberBounds): fc.Arbitrary<number> {
  const [min, max] = integerRange(bounds);
  if (min > max) throw new UnsatisfiableSchemaError("no integer between the bounds");
  return drawnIntegers(min, max);
}

/** k × step for every k whose product stays within 15 significant digits (exact as a double). */
export function multipleArbitrary(step: number, bounds: NumberBounds): fc.Arbitrary<number> {
  const { digits, scale } = toDecimal(step);
  const limit = (MAX_EXACT_DIGITS - 1n) / digits;
  const range = multipleIndexRange(step, bounds);
  const low = range.low === null ? -limit : range.low > -limit ? range.low : -limit;
  const high = range.high === null ? limit : range.high < limit ? range.high : limit;
  if (low > high) throw new UnsatisfiableSchemaError(`no multiple of ${step} between the bounds`);
  const [min, max] = [Number(low), Number(high)];
  const factor = Number(digits);
  // |k × digits| < 10^15, so the product is exact as a double and only the exponent needs text.
  return new DrawArbitrary(
    (random, biased) => drawInteger(random, min, max, biased),
    (k: number) => (scale === 0 ? k * factor : decimalToNumber(BigInt(k * factor), scale)),
    (k) => smallerIntegers(k, min, max),
  );
}

/** Realistic values (whole numbers, two decimals) most of the time, any double in range sometimes. */
function freeNumberArbitrary(bounds: NumberBounds): fc.Arbitrary<number> {
  const choices: fc.WeightedArbitrary<number>[] = [];
  const whole = unlessUnsatisfiable(() => integerArbitrary(bounds));
  const cents = unlessUnsatisfiable(() => multipleArbitrary(0.01, bounds));
  if (whole) choices.push({ weight: 2, arbitrary: whole });
  if (cents) choices.push({ weight: 3, arbitrary: cents });
  const double = unlessUnsatisfiable(() => doubleArbitrary(bounds));
  if (double) choices.push({ weight: 1, arbitrary: double });
  if (choices.length === 0) throw new UnsatisfiableSchemaError("no number between the bounds");
  return weightedChoice(choices);
}

function doubleArbitrary(bounds: NumberBounds): fc.Arbitrary<number> {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined && (min > max || (min === max && (bounds.minExcluded || bounds.maxExcluded)))) {
    throw new UnsatisfiableSchemaError("empty number range");
  }
  return fc.double({ min, max, minExcluded: bounds.minExcluded, maxExcluded: bounds.maxExcluded, noNaN: true, noDefaultInfinity: true });
}

export function numberSchemaToArbitrary(schema: SchemaObject, integer: boolean): fc.Arbitrary<number> {
  const bounds = numberBounds(schema);
  const step = asNumber(schema.multipleOf);
  if (step !== undefined && step > 0) return multipleArbitrary(integer ? lcmOfSteps(step, 1) : step, bounds);
  return integer ? integerArbitrary(bounds) : freeNumberArbitrary(bounds);
}
