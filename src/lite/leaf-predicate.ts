// A leaf's verdict as one closure made for its shape: the common leaves of tool schemas
// ({"type": "string"}, {"type": "integer", "minimum": 0, "maximum": 23}, a string enum, "null")
// become a typeof test and a few comparisons on captured constants, instead of a walk over the
// leaf's fields for each value. Same verdict as the general form at the end, which every leaf
// may use (leaf-predicate.test.ts checks them against each other).
import { TYPE_BITS, typeBitsOf } from "./json-type.js";
import { numberPasses, type NumberRules } from "./keywords/number.js";
import { stringPasses, type StringRules } from "./keywords/string.js";

type Predicate = (value: unknown) => boolean;

/** How an entry point builds a leaf's test (EntryKit.leafPredicate): leafPredicate's special forms, or the general form alone. */
export type LeafPredicateBuilder = (types: number, values: readonly unknown[] | undefined, string: StringRules | undefined, number: NumberRules | undefined) => Predicate;

const STRING = TYPE_BITS.string!;
const NUMBER = TYPE_BITS.number!;
const INTEGER = TYPE_BITS.integer!;
const NULL = TYPE_BITS.null!;

const isString: Predicate = (value) => typeof value === "string";
const isNumber: Predicate = (value) => typeof value === "number";
const isInteger: Predicate = (value) => Number.isInteger(value);
const isBoolean: Predicate = (value) => typeof value === "boolean";
const isNull: Predicate = (value) => value === null;
const isArray: Predicate = (value) => Array.isArray(value);
const isObject: Predicate = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const isStringOrNull: Predicate = (value) => typeof value === "string" || value === null;

/** The test of `types` (TYPE_BITS): "number" takes integers too, so its bit decides alone. */
export function typePredicate(types: number): Predicate {
  const single = types & NUMBER ? types & ~INTEGER : types;
  switch (single) {
    case STRING:
      return isString;
    case NUMBER:
      return isNumber;
    case INTEGER:
      return isInteger;
    case TYPE_BITS.boolean:
      return isBoolean;
    case NULL:
      return isNull;
    case TYPE_BITS.array:
      return isArray;
    case TYPE_BITS.object:
      return isObject;
    case STRING | NULL:
      return isStringOrNull;
    default:
      return maskPredicate(types);
  }
}

function maskPredicate(types: number): Predicate {
  return (value) => (typeBitsOf(value) & types) !== 0;
}

/** Number rules as one range test when they are only limits (no multipleOf, no format). */
export function rangeOnly(rules: NumberRules): boolean {
  return rules.isMultiple === undefined && rules.format === undefined;
}

function numberPredicate(types: number, rules: NumberRules): Predicate | undefined {
  return !rangeOnly(rules) || (types !== INTEGER && (types & ~INTEGER) !== NUMBER) ? undefined : rangePredicate(types, rules);
}

function rangePredicate(types: number, rules: NumberRules): Predicate {
  const { minimum: low, maximum: high, exclusiveMinimum: above, exclusiveMaximum: below } = rules;
  if (types === INTEGER) return (value) => Number.isInteger(value) && (value as number) >= low && (value as number) <= high && (value as number) > above && (value as number) < below;
  return (value) => typeof value === "number" && value >= low && value <= high && value > above && value < below;
}

/**
 * The general form: the types, then the allowed values, then the rules of the value's own type.
 * Its type test is the plain mask test unless given typePredicate's (the special forms do).
 */
function generalPredicate(
  types: number,
  values: readonly unknown[] | undefined,
  string: StringRules | undefined,
  number: NumberRules | undefined,
  isType: Predicate = (value) => (typeBitsOf(value) & types) !== 0,
): Predicate {
  return (value) => {
    if (!isType(value)) return false;
    // includes, not indexOf: SameValueZero, as a Set of the values would compare them.
    if (values !== undefined && !values.includes(value)) return false;
    if (typeof value === "string") return string === undefined || stringPasses(string, value);
    return typeof value !== "number" || number === undefined || numberPasses(number, value);
  };
}

// The closures are made in helpers of their own: a function that makes one allocates the variables
// it captures on every call, also when it returns a closure made elsewhere (most leaves: typePredicate's).
function valuesPredicate(types: number, values: readonly unknown[]): Predicate {
  if (types === STRING) return (value) => typeof value === "string" && values.includes(value);
  const isType = typePredicate(types);
  return (value) => values.includes(value) && isType(value);
}

function stringPredicate(string: StringRules): Predicate {
  return (value) => typeof value === "string" && stringPasses(string, value);
}

/** Whether a value passes a leaf of these types, allowed values (primitives) and rules. */
export function leafPredicate(types: number, values: readonly unknown[] | undefined, string: StringRules | undefined, number: NumberRules | undefined): Predicate {
  if (values === undefined && string === undefined && number === undefined) return typePredicate(types);
  if (values !== undefined && string === undefined && number === undefined) return valuesPredicate(types, values);
  if (values === undefined && string === undefined && number !== undefined) {
    const range = numberPredicate(types, number);
    if (range !== undefined) return range;
  }
  if (values === undefined && number === undefined && types === STRING) return stringPredicate(string!);
  return generalPredicate(types, values, string, number, typePredicate(types));
}

/**
 * The general form alone: schemalab/lite/core's leaves (smaller, one closure shape for every leaf),
 * and what the tests hold the special forms to.
 */
export const generalLeafPredicate: LeafPredicateBuilder = generalPredicate;
