// $ref and $dynamicRef for one compile: the registry of identified schemas (built on the first
// $ref), the targets compiled in their own dialect, and the dynamic scope a resource enters. Only
// refKeywords creates one, so a compileWith without it ships none of this.
import type { DialectRules, RulesOf } from "./dialect-rules.js";
import type { CompileOptions } from "./types.js";
import { enterResource, linkDynamicRef, type DynamicRefKind } from "./dynamic-scope.js";
import { hasOwn } from "./has-own.js";
import { hasIdentifier, isSchemaObject, SCAN_NEEDED, SchemaRegistry, type ResolvedRef } from "./schema-registry.js";
import type { Check } from "./validation-context.js";

/** What the resolver uses of the compile it serves (the Compiler). */
export interface RefHost {
  readonly root: unknown;
  readonly options: CompileOptions;
  /** The root's dialect, and how another is looked up: what the registry reads the document in. */
  readonly rootRules: DialectRules;
  readonly rulesOf: RulesOf;
  /** The dialect of the schema being compiled: a target compiles in its own. */
  rules: DialectRules;
  compile(schema: unknown, path: string): Check;
  /** Runs `link` once every schema is compiled (links may add links). */
  addLink(link: () => void): void;
  /**
   * Guess, until an identifier is met, that the document holds none: the registry then skips its
   * scan, and whatever the guess cannot decide throws SCAN_NEEDED (the host compiles again, unguessed).
   */
  readonly guessUnscanned: boolean;
}

export interface RefResolver {
  /** Counts $dynamicAnchor / $recursiveAnchor met: a resource that saw one enters the dynamic scope. */
  readonly dynamicAnchorsSeen: number;
  /** Told of a schema object that has identifier keywords, before its subschemas compile. */
  noteIdentifiers(schema: Readonly<Record<string, unknown>>): void;
  /** `check` of `schema`, entering its resource's dynamic scope when it is a resource root. */
  enterIfResource(schema: object, check: Check): Check;
  /** Compiles the target of `ref`, written in `from` at `refPath`. */
  compileRef(ref: string, from: object, refPath: string): Check;
  /** Compiles a `$dynamicRef` or `$recursiveRef`, resolved through the dynamic scope. */
  compileDynamicRef(ref: string, from: object, refPath: string, kind: DynamicRefKind): Check;
  /** Whether the registry left the document unscanned on the guess that it holds no identifier. */
  guessed(): boolean;
}

export function createRefResolver(host: RefHost): RefResolver {
  // Built on the first $ref: a schema without one never pays for the scan.
  let registry: SchemaRegistry | undefined;
  // Whether some schema compiled so far has an identifier: then the registry scans the document.
  let identifiersSeen = false;
  const { root, options } = host;
  const registryOf = () =>
    (registry ??= new SchemaRegistry(root, host.rootRules, options.remotes ?? {}, host.rulesOf, options.dialect !== undefined, host.guessUnscanned && !identifiersSeen));
  const compileTarget = (target: ResolvedRef): Check => {
    const outer = host.rules;
    host.rules = target.rules;
    const check = host.compile(target.schema, target.path);
    host.rules = outer;
    return check;
  };
  const resolver = {
    dynamicAnchorsSeen: 0,
    noteIdentifiers(schema: Readonly<Record<string, unknown>>): void {
      if (hasOwn(schema, "$dynamicAnchor") || schema.$recursiveAnchor === true) resolver.dynamicAnchorsSeen++;
      if (identifiersSeen || !hasIdentifier(host.rules.identify(schema))) return;
      if (registry?.guessed) throw SCAN_NEEDED;
      identifiersSeen = true;
    },
    // A method, not a getter: a getter in this literal gives every compile's resolver a hidden class of
    // its own, and those kept young garbage alive until a full GC (compile ran 4-7x slower, mostly GC).
    guessed(): boolean {
      return registry?.guessed === true;
    },
    enterIfResource(schema: object, check: Check): Check {
      return schema === root || registryOf().isResourceRoot(schema) ? enterResource(registryOf().baseOf(schema), check) : check;
    },
    compileRef(ref: string, from: object, refPath: string): Check {
      const target = registryOf().resolve(ref, from, refPath);
      const check = compileTarget(target);
      const base = isSchemaObject(target.schema) ? registryOf().baseOf(target.schema) : undefined;
      if (base === undefined || base === registryOf().baseOf(from)) return check;
      // A $ref into another resource puts that resource in the dynamic scope, when any schema has a dynamic anchor.
      let entered = check;
      host.addLink(() => {
        if (resolver.dynamicAnchorsSeen > 0) entered = enterResource(base, check);
      });
      return (data, ctx) => entered(data, ctx);
    },
    compileDynamicRef(ref: string, from: object, refPath: string, kind: DynamicRefKind): Check {
      // The dynamic scope may reach anchors in any schema the scan walks.
      if (registryOf().guessed) throw SCAN_NEEDED;
      const target = registryOf().resolve(ref, from, refPath);
      return linkDynamicRef(registryOf(), ref, target, kind, compileTarget(target), (link) => host.addLink(link), compileTarget);
    },
  };
  return resolver;
}
