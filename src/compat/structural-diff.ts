// The structural diff: both versions read side by side, subschema by subschema at the same JSON
// Pointer (walking the source with the one schema walker), each aligned pair handed to the narrowing
// detectors. It reads schemas as written: what hides behind a changed `$ref`, and overlaps a widened
// `oneOf` branch creates, are left to the differential search.
import { isPointerWithin, resolvePointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import { isSchema, walkSchema } from "../schema/walk-schema.js";
import type { StructuralCandidate } from "./compat-types.js";
import type { AlignedPair, NarrowingDetector } from "./aligned-pair.js";
import { COMPOSITE_NARROWINGS, misalignedLists } from "./composite-narrowings.js";
import { OBJECT_NARROWINGS } from "./object-narrowings.js";
import { VALUE_NARROWINGS } from "./value-narrowings.js";

const DETECTORS: readonly NarrowingDetector[] = [...OBJECT_NARROWINGS, ...VALUE_NARROWINGS, ...COMPOSITE_NARROWINGS];

/**
 * Where `target` may reject values `source` accepts, as written. Backward compatibility asks this
 * with (OLD, NEW); forward with (NEW, OLD).
 */
export function diffStructure(source: JsonSchema, target: JsonSchema): StructuralCandidate[] {
  const candidates: StructuralCandidate[] = [];
  const misaligned: string[] = [];
  walkSchema(source, ({ schema, path }) => {
    if (misaligned.some((list) => isPointerWithin(path, list))) return false;
    const counterpart = resolvePointer(target, path);
    if (!isSchema(counterpart)) return false;
    if (schema === false) return false;
    if (counterpart === false) {
      candidates.push(closedSubschema(path));
      return false;
    }
    const pair: AlignedPair = { a: schema === true ? {} : schema, b: counterpart === true ? {} : counterpart, path, sourceRoot: source };
    misaligned.push(...misalignedLists(pair));
    for (const detect of DETECTORS) candidates.push(...detect(pair));
    return true;
  });
  return candidates;
}

function closedSubschema(path: string): StructuralCandidate {
  return { topic: "schema-false", path, subject: { keyword: "false" }, witnessPaths: [path] };
}
