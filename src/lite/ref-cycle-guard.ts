// The guard on a `$ref` that comes back to itself on the same value without descending into a
// child (`{"$ref": "#"}`): it would never end, so it fails instead. Shared by lite
// (keywords/refs.ts) and core (core/modules.ts).

interface CallContext {
  readonly call: number;
  readonly depth: number;
}

/** `target` guarded against re-entry at the same (call, depth), which reports an error at `site`. */
export function guardRefCycle<C extends CallContext, S>(target: (data: any, ctx: C) => boolean, report: (ctx: C, site: S) => boolean, site: S): (data: any, ctx: C) => boolean {
  // The (call, depth) at which this $ref is currently being applied, -1 when it is not.
  let activeCall = -1;
  let activeDepth = -1;
  return (data, ctx) => {
    if (activeCall === ctx.call && activeDepth === ctx.depth) return report(ctx, site);
    const outerCall = activeCall;
    const outerDepth = activeDepth;
    activeCall = ctx.call;
    activeDepth = ctx.depth;
    const ok = target(data, ctx);
    activeCall = outerCall;
    activeDepth = outerDepth;
    return ok;
  };
}
