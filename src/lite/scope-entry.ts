// Entering a schema resource's dynamic scope, shared by lite (dynamic-scope.ts) and core
// (core/registry.ts), whose validation contexts both carry `scope` and `scopeDepth`.

interface ScopeHolder {
  readonly scope: string[];
  scopeDepth: number;
}

/** Wraps a resource's check so the resource (by base URI) is in the dynamic scope while it runs. */
export function enterResource<C extends ScopeHolder>(base: string, inner: (data: any, ctx: C) => boolean): (data: any, ctx: C) => boolean {
  return (data, ctx) => {
    const depth = ctx.scopeDepth;
    ctx.scope[depth] = base;
    ctx.scopeDepth = depth + 1;
    const ok = inner(data, ctx);
    ctx.scopeDepth = depth;
    return ok;
  };
}
