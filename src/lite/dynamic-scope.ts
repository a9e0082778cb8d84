// The dynamic scope: the schema resources a validation has entered, outermost first. `$dynamicRef`
// (2020-12) and `$recursiveRef` (2019-09) resolve through it to the outermost resource that declares
// the same dynamic anchor. Only resources that hold a dynamic anchor enter the scope, so a schema
// without one pays nothing.
import { RECURSIVE_ANCHOR, type ResolvedRef, type SchemaRegistry } from "./schema-registry.js";
import { splitFragment } from "./uri.js";

export { enterResource } from "./scope-entry.js";
import type { Check } from "./validation-context.js";

export type DynamicRefKind = "$dynamicRef" | "$recursiveRef";

/** The dynamic anchor the reference looks for, or undefined when it resolves like `$ref`. */
function dynamicName(ref: string, target: ResolvedRef, kind: DynamicRefKind): string | undefined {
  const schema = target.schema as Readonly<Record<string, unknown>>;
  if (typeof schema !== "object" || schema === null) return undefined;
  if (kind === "$recursiveRef") return schema.$recursiveAnchor === true ? RECURSIVE_ANCHOR : undefined;
  // Only a fragment naming a $dynamicAnchor of the schema it statically reaches (the "bookend") is dynamic.
  const name = splitFragment(ref)[1];
  return name !== "" && schema.$dynamicAnchor === name ? name : undefined;
}

/**
 * The check of a `$dynamicRef`/`$recursiveRef`: the outermost resource in scope with the anchor, else
 * the static target. Candidates are compiled at link time, once every resource is known.
 */
export function linkDynamicRef(
  registry: SchemaRegistry,
  ref: string,
  target: ResolvedRef,
  kind: DynamicRefKind,
  staticCheck: Check,
  addLink: (link: () => void) => void,
  compileTarget: (target: ResolvedRef) => Check,
): Check {
  const name = dynamicName(ref, target, kind);
  if (name === undefined) return staticCheck;
  const candidates = new Map<string, Check>();
  addLink(() => {
    for (const [base, found] of registry.dynamicAnchorsNamed(name)) candidates.set(base, compileTarget(found));
  });
  return (data, ctx) => {
    for (let i = 0; i < ctx.scopeDepth; i++) {
      const check = candidates.get(ctx.scope[i]!);
      if (check !== undefined) return check(data, ctx);
    }
    return staticCheck(data, ctx);
  };
}
