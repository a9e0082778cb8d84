// The sizes the emulated providers limit, counted by the rules `check` uses (src/check/measure-request.ts,
// a layer up, so not imported): measureSchema's counts plus OpenAI's two string-length rules
// (providers.md 1.4), summed over the schemas of one request where a mode's limits are per request.
import { measureSchema, type SchemaMeasures } from "../../../src/schema/measure-schema.js";
import type { JsonSchema } from "../../../src/schema/types.js";
import { isSchemaObject, listSubschemas } from "../../../src/schema/walk-schema.js";

export interface LimitMeasures extends SchemaMeasures {
  /**
   * "total string length of all property names, definition names, enum values, and const values":
   * code points of `properties` keys, `$defs`/`definitions` keys, string enum and const values.
   */
  readonly totalStringLength: number;
  /** The largest total length of one enum's string values, among enums of more than 250 values (OpenAI's 15,000 rule). */
  readonly largeEnumStringLength: number;
}

/** "when there are more than 250 enum values" (providers.md 1.4). */
const LARGE_ENUM_VALUES = 250;

const codePoints = (text: string): number => [...text].length;

export function measureLimits(schema: JsonSchema): LimitMeasures {
  let totalStringLength = 0;
  let largeEnumStringLength = 0;
  for (const { schema: node } of listSubschemas(schema)) {
    if (!isSchemaObject(node)) continue;
    for (const keyword of ["properties", "$defs", "definitions"]) {
      const map = node[keyword];
      if (isSchemaObject(map)) for (const name of Object.keys(map)) totalStringLength += codePoints(name);
    }
    const values = Array.isArray(node.enum) ? node.enum : [];
    const enumLength = values.reduce((sum: number, value) => sum + (typeof value === "string" ? codePoints(value) : 0), 0);
    totalStringLength += enumLength + (typeof node.const === "string" ? codePoints(node.const) : 0);
    if (values.length > LARGE_ENUM_VALUES) largeEnumStringLength = Math.max(largeEnumStringLength, enumLength);
  }
  return { ...measureSchema(schema), totalStringLength, largeEnumStringLength };
}

/** One request's measures: counts add up; depth and the largest enum are the maximum. */
export function measureRequestLimits(schema: JsonSchema, others: readonly JsonSchema[] = []): LimitMeasures {
  return others.map(measureLimits).reduce((sum, m) => ({
    propertyCount: sum.propertyCount + m.propertyCount,
    nestingDepth: Math.max(sum.nestingDepth, m.nestingDepth),
    enumValueCount: sum.enumValueCount + m.enumValueCount,
    enumTotalLength: sum.enumTotalLength + m.enumTotalLength,
    optionalCount: sum.optionalCount + m.optionalCount,
    unionCount: sum.unionCount + m.unionCount,
    totalStringLength: sum.totalStringLength + m.totalStringLength,
    largeEnumStringLength: Math.max(sum.largeEnumStringLength, m.largeEnumStringLength),
  }), measureLimits(schema));
}
