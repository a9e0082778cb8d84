// $ref: the target is resolved and compiled once, at compile time (recursive targets are linked
// after compilation). A `$ref` that comes back to itself on the same value without descending
// into a child (`{"$ref": "#"}`) would never end, so it fails instead of hanging. `$dynamicRef` and
// `$recursiveRef` resolve through the dynamic scope (dynamic-scope.ts).
import { guardRefCycle } from "../ref-cycle-guard.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { UnsupportedSchemaError } from "../types.js";
import { report, type Check } from "../validation-context.js";

export function compileRef(cursor: SchemaCursor): Check | undefined {
  const ref: string | undefined = cursor.get("$ref");
  if (ref === undefined) return undefined;
  const site = cursor.site("$ref", { ref });
  const target = cursor.env.refs!.compileRef(ref, cursor.source, site.schemaPath);
  return guardRefCycle(target, report, site);
}

/** `$dynamicRef` (2020-12) or `$recursiveRef` (2019-09, in the rewritten view of its schemas): a dialect has one of them. */
export function compileDynamicRef(cursor: SchemaCursor): Check | undefined {
  const kind = cursor.has("$dynamicRef") ? "$dynamicRef" : cursor.has("$recursiveRef") ? "$recursiveRef" : undefined;
  if (kind === undefined) return undefined;
  const ref = cursor.get<string>(kind)!;
  if (kind === "$recursiveRef" && ref !== "#") throw new UnsupportedSchemaError(kind, `${cursor.path}/${kind}`, 'only "#" is defined');
  return cursor.env.refs!.compileDynamicRef(ref, cursor.source, `${cursor.path}/${kind}`, kind);
}
