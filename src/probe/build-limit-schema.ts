// The schemas limit probes send: N properties, N object levels, or one enum of N values, sized so
// measureSchema (the measure the emulators and `check` compare against limits) reads exactly N.
import type { JsonSchema } from "../schema/types.js";
import type { ProbeScaffold } from "./probe-document.js";
import type { LimitShape } from "./probe-suite.js";

export function buildLimitSchema(shape: LimitShape, size: number, scaffold: ProbeScaffold): JsonSchema {
  switch (shape) {
    case "properties":
      return objectOf(Object.fromEntries(Array.from({ length: size }, (_, index) => [`k${index}`, { type: "boolean" }])), scaffold);
    case "nesting":
      return nestedObjects(size, scaffold);
    case "enum":
      return objectOf({ choice: { type: "string", enum: Array.from({ length: size }, (_, index) => `v${index}`) } }, scaffold);
  }
}

/** The root object is level 1; each level below adds one (measureSchema's nestingDepth). */
function nestedObjects(depth: number, scaffold: ProbeScaffold): JsonSchema {
  let inner: JsonSchema = objectOf({ leaf: { type: "string" } }, scaffold);
  for (let level = depth - 1; level >= 1; level -= 1) inner = objectOf({ next: inner }, scaffold);
  return inner;
}

function objectOf(properties: Record<string, JsonSchema>, scaffold: ProbeScaffold): JsonSchema {
  const schema: Record<string, unknown> = { type: "object", properties, required: Object.keys(properties) };
  if (scaffold.closeObjects) schema.additionalProperties = false;
  return schema;
}
