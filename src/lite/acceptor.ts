// Acceptors: a verdict without a validation context for the containers tool schemas nest (an
// object of leaves, an array of them, an anyOf of such: zod's nullable fields, its unions), so a
// parent tests such a child inline, as it tests a leaf (leaf.ts), instead of descending through
// the child's closures. An acceptor answers true only where the child's check passes with no error;
// false means "run the check" (which then reports why), so only a value that passes skips the check.
import { hasOwn } from "./has-own.js";
import { typeBitsOf } from "./json-type.js";
import { everyBit, nameIndex, propertyTables, type Properties } from "./keywords/properties.js";
import type { DeclaredType } from "./keywords/type.js";
import type { Leaf } from "./leaf.js";
import { rangeOnly } from "./leaf-predicate.js";
import type { SchemaCursor } from "./schema-cursor.js";
import { FAMILY } from "./schema-keywords.js";
import type { Check } from "./validation-context.js";

export interface Acceptor {
  readonly accepts: (value: unknown) => boolean;
  /**
   * Levels of the value it reads (a leaf 1, an object of leaves 2): a parent at depth d uses it
   * only when d + levels <= maxDepth, where the check itself would not report the value too deep.
   */
  readonly levels: number;
}

/** Applicators besides anyOf, and array keywords besides items, minItems and maxItems: a schema with any of them has no acceptor. */
const OTHER_APPLICATORS = ["allOf", "oneOf", "not", "if", "then", "else"];
const OTHER_ARRAY_KEYWORDS = ["prefixItems", "uniqueItems", "contains", "minContains", "maxContains"];

const deepestLevels = (acceptors: readonly (Acceptor | undefined)[]): number => acceptors.reduce((levels, acceptor) => Math.max(levels, acceptor?.levels ?? 0), 0);

/** The acceptors of `checks`, or undefined when one of them has none. */
function acceptorsOf(cursor: SchemaCursor, checks: readonly Check[]): Acceptor[] | undefined {
  const acceptors = checks.map((check) => cursor.env.acceptorOf(check));
  return acceptors.every((acceptor) => acceptor !== undefined) ? acceptors : undefined;
}

/** A bare anyOf whose branches all have acceptors. */
function anyOfAcceptor(cursor: SchemaCursor): Acceptor | undefined {
  const branches = cursor.get<unknown[]>("anyOf")!;
  const acceptors = acceptorsOf(cursor, branches.map((branch, i) => cursor.subschema(branch, "anyOf", i)));
  if (acceptors === undefined) return undefined;
  const tests = acceptors.map((acceptor) => acceptor.accepts);
  return {
    levels: deepestLevels(acceptors),
    accepts: (value) => {
      for (let i = 0; i < tests.length; i++) if (tests[i]!(value)) return true;
      return false;
    },
  };
}

type Items = readonly unknown[];

/**
 * Whether every item passes `items`. An item that is a type-only leaf or a number range (arrays of
 * strings, of integers 0-23) is tested in the loop itself, the leaf's fields read once: a call per
 * item to the leaf's closure is an indirect call V8 does not inline (one call site serves every
 * schema compiled), and such calls were most of what an array of scalars cost.
 */
function everyItem(leaf: Leaf | undefined, accepts: (value: unknown) => boolean): (items: Items) => boolean {
  const types = leaf?.types ?? 0;
  if (leaf?.typeOnly) {
    return (items) => {
      for (let i = 0; i < items.length; i++) if ((typeBitsOf(items[i]) & types) === 0) return false;
      return true;
    };
  }
  const rules = leaf?.number;
  if (leaf !== undefined && leaf.values === undefined && leaf.string === undefined && rules !== undefined && rangeOnly(rules)) {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = rules;
    return (items) => {
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if ((typeBitsOf(item) & types) === 0) return false;
        if (typeof item === "number" && !(item >= minimum && item <= maximum && item > exclusiveMinimum && item < exclusiveMaximum)) return false;
      }
      return true;
    };
  }
  return (items) => {
    for (let i = 0; i < items.length; i++) if (!accepts(items[i])) return false;
    return true;
  };
}

/** {"type": "array"} with items (which has an acceptor), minItems and maxItems only. */
function arrayAcceptor(cursor: SchemaCursor): Acceptor | undefined {
  const min = cursor.get<number>("minItems") ?? 0;
  const max = cursor.get<number>("maxItems") ?? Infinity;
  const check = cursor.has("items") ? cursor.subschema(cursor.get("items"), "items") : undefined;
  const items = check === undefined ? undefined : cursor.env.acceptorOf(check);
  if (items === undefined && check !== undefined) return undefined;
  const every = items === undefined ? undefined : everyItem(cursor.env.leafOf(check!), items.accepts);
  return {
    levels: 1 + (items?.levels ?? 0),
    accepts: (value) => Array.isArray(value) && value.length >= min && value.length <= max && (every === undefined || every(value)),
  };
}

/** Whether every required name is seen (its bit in `seen`: RequiredNames) or an own property of `data`. */
function requiredPresent(names: readonly string[], data: Properties, seen: number): boolean {
  for (let r = 0; r < names.length; r++) if (!((r < 31 && (seen & (1 << r)) !== 0) || hasOwn(data, names[r]!))) return false;
  return true;
}

/**
 * The acceptor of {"type": "object"} with properties, required and additionalProperties (no
 * patternProperties), when each subschema has one: compilePropertyKeywords's loop without errors, paths or notes.
 */
function propertiesAcceptor(cursor: SchemaCursor): Acceptor | undefined {
  if (cursor.has("patternProperties")) return undefined;
  const [names, checks] = cursor.subschemaMap("properties");
  const children = acceptorsOf(cursor, checks);
  const additional = cursor.get("additionalProperties");
  // undefined: any other name will do; false: none will.
  const rest = additional === undefined || additional === false ? additional : cursor.env.acceptorOf(cursor.subschema(additional, "additionalProperties"));
  if (children === undefined || rest === undefined && additional !== undefined) return undefined;
  const { required, requiredBits, positions } = cursor.shared(propertyTables);
  const mustSee = everyBit(required);
  const tests = children.map((child) => child.accepts);
  const other = rest || undefined;
  return {
    levels: 1 + Math.max(deepestLevels(children), other?.levels ?? 0),
    accepts: (value) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
      const data = value as Properties;
      let seen = 0;
      let next = 0;
      for (const name in data) {
        if (!hasOwn(data, name)) continue;
        const i = nameIndex(names, positions, next, name);
        next = i + 1;
        if (i >= 0) {
          seen |= requiredBits[i]!;
          if (!tests[i]!(data[name])) return false;
        } else if (rest === false || (other !== undefined && !other.accepts(data[name]))) return false;
      }
      return seen === mustSee || requiredPresent(required.names, data, seen);
    },
  };
}

/**
 * The acceptor (acceptor.ts) of `{"type": "object"}` with properties, required and
 * additionalProperties; of `{"type": "array"}` with items, minItems and maxItems; of a bare anyOf.
 * The full entry's (index.ts, through EntryKit.containerAcceptor): core ships without them.
 */
export function containerAcceptor(cursor: SchemaCursor, families: number, type: DeclaredType | undefined): Acceptor | undefined {
  const acceptor = shapeAcceptor(cursor, families, type);
  return acceptor !== undefined && acceptor.levels <= MAX_ACCEPTOR_LEVELS ? acceptor : undefined;
}

/**
 * How deep an acceptor may read. A value an acceptor refuses is checked again by the full check,
 * whose children test their own acceptors: each level re-reads what is below it, so unbounded
 * nesting made a failing value cost its size times its depth (depth 200: 24 ms against 0.4 ms).
 * Bounded, the re-reading is at most this factor; tool schemas nest their leaves 2-4 levels deep.
 */
const MAX_ACCEPTOR_LEVELS = 4;

function shapeAcceptor(cursor: SchemaCursor, families: number, type: DeclaredType | undefined): Acceptor | undefined {
  const only = (allowed: number) => (families & ~allowed) === 0;
  const has = (keyword: string) => cursor.has(keyword);
  if (type === undefined) return only(FAMILY.applicator) && has("anyOf") && !OTHER_APPLICATORS.some(has) ? anyOfAcceptor(cursor) : undefined;
  if (type.only === undefined || has("enum") || has("const")) return undefined;
  if (type.only === "object" && only(FAMILY.value | FAMILY.properties)) return propertiesAcceptor(cursor);
  if (type.only === "array" && only(FAMILY.value | FAMILY.array) && !OTHER_ARRAY_KEYWORDS.some(has)) return arrayAcceptor(cursor);
  return undefined;
}

