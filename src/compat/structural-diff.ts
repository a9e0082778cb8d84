// The structural diff: both versions read side by side, subschema by subschema at the same JSON
// Pointer (walking the source with the one schema walker), each aligned pair handed to the narrowing
// detectors. Where a local `$ref` moved (or replaced an inline schema), the diff also reads what the
// ref lands on against what stood there before, so a bound tightened behind the ref is a candidate
// with a witness of its own. Overlaps a widened `oneOf` branch creates are left to the search.
import { isPointerWithin, refToPointer, resolvePointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import { isSchema, isSchemaObject, walkSchema } from "../schema/walk-schema.js";
import type { StructuralCandidate } from "./compat-types.js";
import type { AlignedPair, NarrowingDetector } from "./aligned-pair.js";
import { COMPOSITE_NARROWINGS, misalignedLists } from "./composite-narrowings.js";
import { OBJECT_NARROWINGS } from "./object-narrowings.js";
import { VALUE_NARROWINGS } from "./value-narrowings.js";

const DETECTORS: readonly NarrowingDetector[] = [...OBJECT_NARROWINGS, ...VALUE_NARROWINGS, ...COMPOSITE_NARROWINGS];

interface Roots {
  readonly source: JsonSchema;
  readonly target: JsonSchema;
  /** `sourcePath targetPath` pairs already read, so recursive refs are read once. */
  readonly seen: Set<string>;
  readonly found: StructuralCandidate[];
}

/**
 * Where `target` may reject values `source` accepts, as written. Backward compatibility asks this
 * with (OLD, NEW); forward with (NEW, OLD).
 */
export function diffStructure(source: JsonSchema, target: JsonSchema): StructuralCandidate[] {
  const roots: Roots = { source, target, seen: new Set(), found: [] };
  diffAt(roots, "", "");
  const unique = new Map<string, StructuralCandidate>();
  for (const candidate of roots.found) unique.set(`${candidate.topic}\u0000${candidate.path}\u0000${candidate.subject.name ?? ""}\u0000${JSON.stringify(candidate.subject.values ?? [])}`, candidate);
  return [...unique.values()];
}

/** Reads the source subschema at `sourceBase` against the target subschema at `targetBase`, all the way down. */
function diffAt(roots: Roots, sourceBase: string, targetBase: string): void {
  const key = `${sourceBase}\u0000${targetBase}`;
  if (roots.seen.has(key)) return;
  roots.seen.add(key);
  const start = resolvePointer(roots.source, sourceBase);
  const other = resolvePointer(roots.target, targetBase);
  if (!isSchema(start) || !isSchema(other)) return;
  const misaligned: string[] = [];
  walkSchema(start, ({ schema, path: relative }) => {
    if (misaligned.some((list) => isPointerWithin(relative, list))) return false;
    // $defs are read by name from the roots' own walk; below a followed ref they are not re-read.
    if (sourceBase !== "" && /^\/(\$defs|definitions)(\/|$)/.test(relative)) return false;
    const [path, targetPath] = [sourceBase + relative, targetBase + relative];
    const counterpart = resolvePointer(roots.target, targetPath);
    if (!isSchema(counterpart) || schema === false) return false;
    if (counterpart === false) {
      roots.found.push(closedSubschema(targetPath));
      return false;
    }
    const pair: AlignedPair = { a: schema === true ? {} : schema, b: counterpart === true ? {} : counterpart, path, targetPath, sourceRoot: roots.source };
    misaligned.push(...misalignedLists(pair).map((list) => list.slice(targetBase.length)));
    for (const detect of DETECTORS) roots.found.push(...detect(pair));
    followMovedRef(roots, pair);
    return true;
  });
}

/** A `$ref` in the target that the source does not share: read the source against what it lands on. */
function followMovedRef(roots: Roots, pair: AlignedPair): void {
  const [before, after] = [pair.a.$ref, pair.b.$ref];
  if (typeof after !== "string" || before === after) return;
  const landing = refToPointer(after);
  if (landing === null || !isSchemaObject(resolvePointer(roots.target, landing))) return;
  const sourceLanding = typeof before === "string" ? refToPointer(before) : pair.path;
  if (sourceLanding === null) return;
  diffAt(roots, sourceLanding, landing);
}

function closedSubschema(path: string): StructuralCandidate {
  return { topic: "schema-false", path, subject: { keyword: "false" }, witnessPaths: [path] };
}
