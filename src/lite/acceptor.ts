// Acceptors: a verdict without a validation context for the containers tool schemas nest (an
// object of leaves, an array of them, an anyOf of such: zod's nullable fields, its unions), so a
// parent tests such a child inline, as it tests a leaf (leaf.ts), instead of descending through
// the child's closures. An acceptor answers true only where the child's check passes with no error;
// false means "run the check" (which then reports why), so only a value that passes skips the check.
import type { SchemaCursor } from "./schema-cursor.js";
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
export const OTHER_APPLICATORS = ["allOf", "oneOf", "not", "if", "then", "else"];
export const OTHER_ARRAY_KEYWORDS = ["prefixItems", "uniqueItems", "contains", "minContains", "maxContains"];

export const deepestLevels = (acceptors: readonly (Acceptor | undefined)[]): number => acceptors.reduce((levels, acceptor) => Math.max(levels, acceptor?.levels ?? 0), 0);

/** The acceptors of `checks`, or undefined when one of them has none. */
export function acceptorsOf(cursor: SchemaCursor, checks: readonly Check[]): Acceptor[] | undefined {
  const acceptors = checks.map((check) => cursor.env.acceptorOf(check));
  return acceptors.every((acceptor) => acceptor !== undefined) ? acceptors : undefined;
}

/** A bare anyOf whose branches all have acceptors. */
export function anyOfAcceptor(cursor: SchemaCursor): Acceptor | undefined {
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

/** {"type": "array"} with items (which has an acceptor), minItems and maxItems only. */
export function arrayAcceptor(cursor: SchemaCursor): Acceptor | undefined {
  const min = cursor.get<number>("minItems") ?? 0;
  const max = cursor.get<number>("maxItems") ?? Infinity;
  const items = cursor.has("items") ? cursor.env.acceptorOf(cursor.subschema(cursor.get("items"), "items")) : undefined;
  if (items === undefined && cursor.has("items")) return undefined;
  const accepts = items?.accepts;
  return {
    levels: 1 + (items?.levels ?? 0),
    accepts: (value) => {
      if (!Array.isArray(value) || value.length < min || value.length > max) return false;
      if (accepts !== undefined) for (let i = 0; i < value.length; i++) if (!accepts(value[i])) return false;
      return true;
    },
  };
}
