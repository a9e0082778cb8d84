// The requests limit probes send: N properties, N object levels, one enum of N values, N characters of
// names and enum values, N optional or union properties, or N tools, sized so the measures the emulators
// and `check` compare against limits (measureSchema, measureForLimits, the tools of a request) read exactly N.
import type { JsonSchema } from "../schema/types.js";
import type { ExtraTool } from "../../providers/wire/wire-types.js";
import type { ProbeScaffold } from "./probe-document.js";
import type { LimitShape } from "./probe-suite.js";

export interface LimitRequest {
  readonly schema: JsonSchema;
  /** Tools sent beside the probe's own (tool-count probes only). */
  readonly extraTools?: readonly ExtraTool[];
}

/** The smallest size a shape can be sent at: 0 where the shape has a base without the counted thing. */
export const SMALLEST_SIZE: Readonly<Record<LimitShape, number>> = {
  properties: 1,
  nesting: 1,
  enum: 1,
  "string-length": 1,
  optional: 0,
  union: 0,
  tools: 1,
};

export function buildLimitSchema(shape: LimitShape, size: number, scaffold: ProbeScaffold): JsonSchema {
  return buildLimitRequest(shape, size, scaffold).schema;
}

export function buildLimitRequest(shape: LimitShape, size: number, scaffold: ProbeScaffold): LimitRequest {
  switch (shape) {
    case "properties":
      return { schema: objectOf(Object.fromEntries(Array.from({ length: size }, (_, index) => [`k${index}`, { type: "boolean" }])), scaffold) };
    case "nesting":
      return { schema: nestedObjects(size, scaffold) };
    case "enum":
      return { schema: objectOf({ choice: { type: "string", enum: Array.from({ length: size }, (_, index) => `v${index}`) } }, scaffold) };
    case "string-length":
      // The property name `s` is one character; enum values of at most 1000 characters carry the rest.
      return { schema: objectOf({ s: { type: "string", enum: enumOfLength(size - 1) } }, scaffold) };
    case "optional":
      // `base` is required and keeps the object non-empty at size 0; the others are left out of required.
      return { schema: objectOf({ base: { type: "boolean" }, ...named(size, "o", { type: "boolean" }) }, scaffold, ["base"]) };
    case "union":
      return { schema: objectOf({ base: { type: "boolean" }, ...named(size, "u", { anyOf: [{ type: "string" }, { type: "integer" }] }) }, scaffold) };
    case "tools":
      return {
        schema: objectOf({ q: { type: "string" } }, scaffold),
        extraTools: Array.from({ length: size - 1 }, (_, index) => ({ name: `extra_${index + 1}`, schema: objectOf({ q: { type: "string" } }, scaffold) })),
      };
  }
}

/**
 * Distinct strings of `total` characters in all, 1000 at most each: few values (under 250, where no
 * large-enum rule applies) and none so long that one value is a schema of its own.
 */
function enumOfLength(total: number): string[] {
  const values: string[] = [];
  for (let left = total, index = 0; left > 0 || values.length === 0; index += 1) {
    const length = Math.min(STRING_CHUNK, left);
    values.push(`${index.toString(36)}-`.padEnd(length, "x").slice(0, length));
    left -= length;
  }
  return values;
}

const STRING_CHUNK = 1000;

function named(count: number, prefix: string, schema: JsonSchema): Record<string, JsonSchema> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, structuredClone(schema)]));
}

/** The root object is level 1; each level below adds one (measureSchema's nestingDepth). */
function nestedObjects(depth: number, scaffold: ProbeScaffold): JsonSchema {
  let inner: JsonSchema = objectOf({ leaf: { type: "string" } }, scaffold);
  for (let level = depth - 1; level >= 1; level -= 1) inner = objectOf({ next: inner }, scaffold);
  return inner;
}

function objectOf(properties: Record<string, JsonSchema>, scaffold: ProbeScaffold, required: readonly string[] = Object.keys(properties)): JsonSchema {
  const schema: Record<string, unknown> = { type: "object", properties, required: [...required] };
  if (scaffold.closeObjects) schema.additionalProperties = false;
  return schema;
}
