// The sizes providers limit, measured as src/schema's measureSchema counts them, plus the two OpenAI
// string-length limits it does not cover; summed over one request for per-request limits.
import { measureSchema } from "../schema/measure-schema.js";
import type { JsonSchema } from "../schema/types.js";
import { isSchemaObject, listSubschemas } from "../schema/walk-schema.js";

export interface LimitMeasures {
  readonly schemas: number;
  readonly propertyCount: number;
  readonly nestingDepth: number;
  readonly enumValueCount: number;
  readonly enumTotalLength: number;
  /** The longest total length of one string enum with more than 250 values (OpenAI's 15,000 rule). */
  readonly largeEnumStringLength: number;
  /** Property names, definition names, string enum and const values (OpenAI's 120,000 rule); strings only. */
  readonly totalStringLength: number;
  readonly optionalCount: number;
  readonly unionCount: number;
}

export const NO_MEASURES: LimitMeasures = {
  schemas: 0, propertyCount: 0, nestingDepth: 0, enumValueCount: 0, enumTotalLength: 0,
  largeEnumStringLength: 0, totalStringLength: 0, optionalCount: 0, unionCount: 0,
};

const LARGE_ENUM_VALUES = 250;
const length = (text: string): number => [...text].length;

export function measureForLimits(schema: JsonSchema | null): LimitMeasures {
  if (schema === null) return { ...NO_MEASURES, schemas: 1 };
  const base = measureSchema(schema);
  let largeEnumStringLength = 0;
  let totalStringLength = 0;
  for (const { schema: node } of listSubschemas(schema)) {
    if (!isSchemaObject(node)) continue;
    for (const keyword of ["properties", "$defs", "definitions"]) {
      if (isSchemaObject(node[keyword])) for (const name of Object.keys(node[keyword])) totalStringLength += length(name);
    }
    const strings = Array.isArray(node.enum) ? node.enum.filter((value): value is string => typeof value === "string") : [];
    const enumLength = strings.reduce((sum, value) => sum + length(value), 0);
    totalStringLength += enumLength + (typeof node.const === "string" ? length(node.const) : 0);
    if (Array.isArray(node.enum) && node.enum.length > LARGE_ENUM_VALUES) largeEnumStringLength = Math.max(largeEnumStringLength, enumLength);
  }
  return { schemas: 1, ...base, largeEnumStringLength, totalStringLength };
}

/** One request's measures: counts add up, depth and the largest enum are the maximum. */
export function sumMeasures(all: readonly LimitMeasures[]): LimitMeasures {
  return all.reduce(
    (sum, m) => ({
      schemas: sum.schemas + m.schemas,
      propertyCount: sum.propertyCount + m.propertyCount,
      nestingDepth: Math.max(sum.nestingDepth, m.nestingDepth),
      enumValueCount: sum.enumValueCount + m.enumValueCount,
      enumTotalLength: sum.enumTotalLength + m.enumTotalLength,
      largeEnumStringLength: Math.max(sum.largeEnumStringLength, m.largeEnumStringLength),
      totalStringLength: sum.totalStringLength + m.totalStringLength,
      optionalCount: sum.optionalCount + m.optionalCount,
      unionCount: sum.unionCount + m.unionCount,
    }),
    NO_MEASURES,
  );
}
