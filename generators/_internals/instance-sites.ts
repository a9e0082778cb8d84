// Where a near-miss defect can go: every place in a valid instance (and every declared property
// it leaves out), with the schema objects that apply there. Facets reached only through
// applicators that all must hold ($ref, allOf, properties, items, dependentSchemas with its trigger
// present) are certain: a defect against them makes the whole instance invalid. Facets reached
// through anyOf/oneOf/if branches are not: another branch may absorb the defect.
import { encodePointerToken } from "../../src/schema/json-pointer.js";
import type { JsonSchema } from "../../src/schema/types.js";
import type { SchemaObject } from "./merge-schemas.js";

export interface Facet {
  readonly schema: SchemaObject;
  readonly certain: boolean;
  /**
   * Reached through dependentSchemas, for the trigger the collected value has: a value put in its
   * place may lack it. The facet holding the dependentSchemas judges such a value correctly.
   */
  readonly conditional?: true;
}

export class InstanceSite {
  private pointer: string | undefined;
  private path_tokens: readonly (string | number)[] | undefined;
  private path_hash: number | undefined;
  constructor(
    private readonly parent: InstanceSite | undefined,
    private readonly key: string | number | undefined,
    readonly present: boolean,
    readonly value: unknown,
    readonly facets: readonly Facet[],
    /** No enclosing schema looks at the instance as a whole (enum, oneOf, not, uniqueItems...). */
    readonly transparent: boolean,
  ) {}

  /** Path tokens from the root, built only for the site a defect is applied to. */
  get tokens(): readonly (string | number)[] {
    return (this.path_tokens ??= this.parent ? [...this.parent.tokens, this.key!] : []);
  }

  /**
   * A hash of the path with item indexes left out (and of whether the site is present): the same
   * wherever the site sits in the list of a value's sites, so a defect chosen by it stays put while a
   * shrinker drops other parts.
   */
  get hash(): number {
    if (this.path_hash === undefined) {
      let hash = this.parent ? this.parent.hash : this.present ? 0x811c9dc5 : 0x2b1f3c5d;
      // Items share one key: which item gets the defect is settled by the chooser (the last one).
      const key = typeof this.key === "number" ? "#" : (this.key ?? "");
      for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
      // The separator after the key keeps ("ab", "c") apart from ("a", "bc").
      hash = Math.imul(hash ^ (this.present ? 0x2f : 0x3f), 0x01000193);
      this.path_hash = hash >>> 0;
    }
    return this.path_hash;
  }

  /** The pointer of a child of this site (a property added or removed there). */
  childPath(key: string | number): string {
    return `${this.path}/${encodePointerToken(key)}`;
  }

  /** The parent's pointer and this key: the pointer of tokens, without formatting every token again. */
  get path(): string {
    return (this.pointer ??= this.parent ? `${this.parent.path}/${encodePointerToken(this.key!)}` : "");
  }
}

/** Keywords whose verdict can change when any part of the instance changes. */
const WHOLE_VALUE_KEYWORDS = ["enum", "const", "anyOf", "oneOf", "not", "if", "contains", "uniqueItems", "dependentSchemas", "dependentRequired", "propertyNames", "minProperties", "maxProperties", "unevaluatedProperties", "unevaluatedItems", "$dynamicRef"];
const MAX_SITES = 2000;
const MAX_CACHED_KEYS = 256;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** Each schema pattern compiled once (null when it does not compile): near misses test names against them per case. */
const compiledPatterns = new Map<string, RegExp | null>();

export function safeTest(pattern: string, text: string): boolean {
  let regex = compiledPatterns.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, "u");
    } catch {
      regex = null;
    }
    compiledPatterns.set(pattern, regex);
  }
  // Without the g or y flag, test keeps no state between calls.
  return regex !== null && regex.test(text);
}

const APPLIED_SUBSCHEMAS = ["additionalProperties", "items", "then", "else"];
const APPLIED_LISTS = ["prefixItems", "allOf", "anyOf", "oneOf"];
const APPLIED_MAPS = ["properties", "patternProperties", "dependentSchemas"];

/** Schema objects that can apply to some part of an instance (not under not, if, propertyNames, unused $defs). */
export function reachableSchemaObjects(root: JsonSchema, resolveRef: (ref: string) => JsonSchema | undefined): SchemaObject[] {
  const found = new Set<SchemaObject>();
  const visit = (schema: unknown): void => {
    if (!isObject(schema) || found.has(schema)) return;
    found.add(schema);
    if (typeof schema.$ref === "string") visit(resolveRef(schema.$ref));
    for (const keyword of APPLIED_SUBSCHEMAS) visit(schema[keyword]);
    for (const keyword of APPLIED_LISTS) if (Array.isArray(schema[keyword])) (schema[keyword] as unknown[]).forEach(visit);
    for (const keyword of APPLIED_MAPS) if (isObject(schema[keyword])) Object.values(schema[keyword]).forEach(visit);
  };
  visit(root);
  return [...found];
}

/** Facet lists are cached per schema location, so walking an instance allocates little. */
interface ExpandedFacets {
  readonly facets: readonly Facet[];
  readonly wholeValue: boolean;
  readonly declared: readonly string[];
  /** Indexes from here on share one schema (items). */
  readonly prefixLength: number;
  /** Names whose presence adds dependentSchemas facets. */
  readonly triggers: readonly string[];
  /** Expansions below, by property name and by item index. */
  readonly children: Map<string, CachedExpansion>;
  readonly items: Map<number, CachedExpansion>;
}

/** One location's expansion without dependentSchemas, and its variants per set of present triggers. */
interface CachedExpansion {
  readonly source: readonly Facet[];
  readonly base: ExpandedFacets;
  readonly variants: Map<string, ExpandedFacets>;
}

export class SiteCollector {
  private readonly refs = new Map<string, JsonSchema | undefined>();
  private readonly root = new Map<string, CachedExpansion>();
  private readonly rootFacets: readonly Facet[];

  constructor(
    root: JsonSchema,
    private readonly resolveRef: (ref: string) => JsonSchema | undefined,
  ) {
    this.rootFacets = [{ schema: isObject(root) ? root : {}, certain: true }];
  }

  collect(value: unknown): InstanceSite[] {
    const sites: InstanceSite[] = [];
    this.visit(this.variantFor(this.root.get("") ?? this.newEntry(this.root, "", this.rootFacets), value), value, undefined, undefined, true, sites);
    return sites;
  }

  private resolve(ref: string): JsonSchema | undefined {
    if (!this.refs.has(ref)) this.refs.set(ref, this.resolveRef(ref));
    return this.refs.get(ref);
  }

  /** Follows $ref/allOf (certain), branches (uncertain) and, for this value, triggered dependentSchemas. */
  private expand(schemas: readonly Facet[], value: unknown): ExpandedFacets {
    const facets: Facet[] = [];
    const triggers = new Set<string>();
    const seen = new Map<object, boolean>();
    const visit = (schema: unknown, certain: boolean, conditional = false): void => {
      if (!isObject(schema)) return;
      const prior = seen.get(schema);
      if (prior === true || prior === certain) return;
      seen.set(schema, certain);
      facets.push(conditional ? { schema, certain, conditional } : { schema, certain });
      if (typeof schema.$ref === "string") visit(this.resolve(schema.$ref), certain);
      for (const member of (schema.allOf as unknown[] | undefined) ?? []) visit(member, certain);
      for (const keyword of ["anyOf", "oneOf"]) for (const branch of (schema[keyword] as unknown[] | undefined) ?? []) visit(branch, false);
      for (const keyword of ["then", "else"]) visit(schema[keyword], false);
      if (!isObject(schema.dependentSchemas)) return;
      for (const [trigger, dependent] of Object.entries(schema.dependentSchemas)) {
        triggers.add(trigger);
        if (isObject(value) && hasOwn(value, trigger)) visit(dependent, certain, true);
      }
    };
    for (const facet of schemas) visit(facet.schema, facet.certain);
    const wholeValue = facets.some((facet) => WHOLE_VALUE_KEYWORDS.some((keyword) => keyword in facet.schema));
    const declared = [...new Set(facets.flatMap(({ schema }) => (isObject(schema.properties) ? Object.keys(schema.properties) : [])))];
    const prefixLength = Math.max(0, ...facets.map(({ schema }) => (Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0)));
    return { facets, wholeValue, declared, prefixLength, triggers: [...triggers], children: new Map(), items: new Map() };
  }

  /** A slot's expansion, cached (up to a point) in its holder. */
  private newEntry<K>(holder: Map<K, CachedExpansion>, slot: K, facets: readonly Facet[]): CachedExpansion {
    const entry = { source: facets, base: this.expand(facets, undefined), variants: new Map() };
    // Undeclared names are unbounded: past a point they are expanded afresh each time.
    if (holder.size < MAX_CACHED_KEYS) holder.set(slot, entry);
    return entry;
  }

  /** The expansion for this value: the base one, or the variant for the dependentSchemas triggers it has. */
  private variantFor(entry: CachedExpansion, value: unknown): ExpandedFacets {
    if (entry.base.triggers.length === 0 || !isObject(value)) return entry.base;
    const present = entry.base.triggers.filter((trigger) => hasOwn(value, trigger));
    if (present.length === 0) return entry.base;
    const signature = present.join("\u0000");
    let variant = entry.variants.get(signature);
    if (!variant) {
      variant = this.expand(entry.source, value);
      // A dependent schema with triggers of its own makes the variant depend on more than the signature.
      if (variant.triggers.length === entry.base.triggers.length) entry.variants.set(signature, variant);
    }
    return variant;
  }

  /** Names and indexes have their own maps, so looking a child up builds no key (this runs per node). */
  private child(parent: ExpandedFacets, key: string | number, value: unknown): ExpandedFacets {
    if (typeof key === "number") {
      const slot = Math.min(key, parent.prefixLength);
      return this.variantFor(parent.items.get(slot) ?? this.newEntry(parent.items, slot, childFacetsForIndex(parent.facets, key)), value);
    }
    return this.variantFor(parent.children.get(key) ?? this.newEntry(parent.children, key, childFacetsForKey(parent.facets, key)), value);
  }

  private visit(expanded: ExpandedFacets, current: unknown, parent: InstanceSite | undefined, key: string | number | undefined, transparent: boolean, sites: InstanceSite[]): void {
    if (sites.length >= MAX_SITES) return;
    const site = new InstanceSite(parent, key, true, current, expanded.facets, transparent);
    sites.push(site);
    const inner = transparent && !expanded.wholeValue;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) this.visit(this.child(expanded, index, current[index]), current[index], site, index, inner, sites);
    } else if (isObject(current)) {
      for (const name of Object.keys(current)) this.visit(this.child(expanded, name, current[name]), current[name], site, name, inner, sites);
      for (const name of expanded.declared) {
        if (!hasOwn(current, name)) sites.push(new InstanceSite(site, name, false, undefined, this.child(expanded, name, undefined).facets, inner));
      }
    }
  }
}

function childFacetsForKey(facets: readonly Facet[], key: string): Facet[] {
  const children: Facet[] = [];
  for (const { schema, certain } of facets) {
    let matched = false;
    if (isObject(schema.properties) && hasOwn(schema.properties, key)) {
      children.push({ schema: schema.properties[key] as SchemaObject, certain });
      matched = true;
    }
    for (const [pattern, sub] of Object.entries(isObject(schema.patternProperties) ? schema.patternProperties : {})) {
      if (safeTest(pattern, key)) {
        children.push({ schema: sub as SchemaObject, certain });
        matched = true;
      }
    }
    if (!matched && isObject(schema.additionalProperties)) children.push({ schema: schema.additionalProperties, certain });
  }
  return children;
}

function childFacetsForIndex(facets: readonly Facet[], index: number): Facet[] {
  const children: Facet[] = [];
  for (const { schema, certain } of facets) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    if (index < prefix.length) children.push({ schema: prefix[index] as SchemaObject, certain });
    else if (isObject(schema.items)) children.push({ schema: schema.items, certain });
  }
  return children;
}
