// Which properties an object schema lets a generated object have, each with its value arbitrary:
// required ones (closed under dependentRequired), optional ones, and how undeclared ("extra") names
// may be drawn (additionalProperties, patternProperties, propertyNames).
import fc from "fast-check";
import { choice } from "./draw-arbitrary.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { ABSENT_MARK, CLOSED_MARK } from "./flatten-schema.js";
import { UnsatisfiableSchemaError, unlessUnsatisfiable, type GenerationContext } from "./generation-context.js";
import { bothOf, type SchemaObject } from "./merge-schemas.js";
import { slotsArbitrary } from "./slots-arbitrary.js";
import { patternArbitrary, patternRegExp } from "./string-schema-to-arbitrary.js";

export interface PropertySlot {
  readonly name: string;
  readonly arbitrary: fc.Arbitrary<unknown>;
}

export interface ObjectPlan {
  readonly required: readonly PropertySlot[];
  readonly optional: readonly PropertySlot[];
  /** dependentRequired restricted to names the plan can produce. */
  readonly dependencies: ReadonlyMap<string, readonly string[]>;
  readonly extraEntry: fc.Arbitrary<[string, unknown]> | undefined;
  readonly minExtras: number;
  readonly maxExtras: number;
  readonly minProperties: number;
  readonly maxProperties: number;
}

interface PatternRule {
  readonly regex: RegExp;
  readonly schema: JsonSchema;
}

const STRING_SCHEMA = Object.freeze({ type: "string" });
const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);
const DEFAULT_KEY = fc.tuple(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789_"), maxLength: 9 })).map(([first, rest]) => first + rest);

/** fc.tuple(name, value) with the same draws and shrinks, whose value can be sampled bare. */
function entryOf(name: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>): fc.Arbitrary<[string, unknown]> {
  return slotsArbitrary<[string, unknown]>([name, value], ([drawnName, drawnValue]) => [drawnName as string, drawnValue]);
}

class ObjectPlanner {
  readonly properties: SchemaObject;
  readonly patterns: PatternRule[];
  readonly additional: JsonSchema;
  readonly absent: Set<string>;
  readonly dependentRequired: Record<string, string[]>;
  readonly childBudget: number;

  constructor(
    readonly context: GenerationContext,
    readonly schema: SchemaObject,
    readonly budget: number,
  ) {
    this.properties = (schema.properties ?? {}) as SchemaObject;
    this.patterns = Object.entries((schema.patternProperties ?? {}) as SchemaObject).map(([source, sub]) => ({ regex: patternRegExp(source), schema: sub as JsonSchema }));
    this.additional = (schema.additionalProperties ?? true) as JsonSchema;
    this.absent = new Set((schema[ABSENT_MARK] as string[] | undefined) ?? []);
    this.dependentRequired = (schema.dependentRequired ?? {}) as Record<string, string[]>;
    this.childBudget = budget - 1;
  }

  declaredNames(): string[] {
    const names = [...Object.keys(this.properties), ...((this.schema.required as string[] | undefined) ?? [])];
    for (const [trigger, needed] of Object.entries(this.dependentRequired)) names.push(trigger, ...needed);
    return [...new Set(names)];
  }

  nameAllowed(name: string): boolean {
    if (this.absent.has(name)) return false;
    return this.schema.propertyNames === undefined || this.context.checker().accepts(this.schema.propertyNames as JsonSchema, name);
  }

  /** properties[name] ∧ every matching patternProperties schema, else additionalProperties. */
  valueSchemaFor(name: string): JsonSchema {
    const parts: unknown[] = hasOwn(this.properties, name) ? [this.properties[name]] : [];
    for (const rule of this.patterns) if (rule.regex.test(name)) parts.push(rule.schema);
    if (parts.length === 0) parts.push(this.additional);
    return parts.reduce((all, part) => bothOf(all, part)) as JsonSchema;
  }

  slot(name: string): PropertySlot {
    if (!this.nameAllowed(name)) throw new UnsatisfiableSchemaError(`property name ${JSON.stringify(name)} is not allowed`);
    return { name, arbitrary: this.context.compile(this.valueSchemaFor(name), this.childBudget) };
  }

  closure(names: Iterable<string>): Set<string> {
    const result = new Set<string>();
    const add = (name: string) => {
      if (result.has(name)) return;
      result.add(name);
      for (const needed of hasOwn(this.dependentRequired, name) ? this.dependentRequired[name]! : []) add(needed);
    };
    for (const name of names) add(name);
    return result;
  }

  /** Undeclared names and their values, from each patternProperties rule and from additionalProperties. */
  extraEntry(declared: ReadonlySet<string>): fc.Arbitrary<[string, unknown]> | undefined {
    const fresh = (name: string) => !declared.has(name) && this.nameAllowed(name);
    const sources: fc.Arbitrary<[string, unknown]>[] = [];
    for (const rule of this.patterns) {
      const value = unlessUnsatisfiable(() => this.context.compile(rule.schema, this.childBudget));
      const key = unlessUnsatisfiable(() => patternArbitrary(rule.regex, 24));
      if (value && key) sources.push(this.context.filter(entryOf(key, value), ([name, v]) => fresh(name) && this.otherRulesAccept(rule, name, v), "patternProperties name"));
    }
    if (this.additional !== false) {
      const value = unlessUnsatisfiable(() => this.context.compile(this.additional, this.childBudget));
      const key = this.schema.propertyNames === undefined ? DEFAULT_KEY : unlessUnsatisfiable(() => this.context.compileFlattened(this.context.mergeWith(STRING_SCHEMA, this.schema.propertyNames as JsonSchema), this.childBudget) as fc.Arbitrary<string>);
      const unmatched = (name: string) => fresh(name) && !this.patterns.some((rule) => rule.regex.test(name));
      if (value && key) sources.push(entryOf(this.context.filter(key, unmatched, "additional property name"), value));
    }
    if (sources.length === 0) return undefined;
    return choice(sources);
  }

  otherRulesAccept(rule: PatternRule, name: string, value: unknown): boolean {
    return this.patterns.every((other) => other === rule || !other.regex.test(name) || this.context.checker().accepts(other.schema, value));
  }
}

export function planObject(context: GenerationContext, schema: SchemaObject, budget: number): ObjectPlan {
  const planner = new ObjectPlanner(context, schema, budget);
  const minimal = budget <= 0;
  const minProperties = typeof schema.minProperties === "number" ? schema.minProperties : 0;
  const maxProperties = typeof schema.maxProperties === "number" ? schema.maxProperties : Infinity;
  const requiredNames = planner.closure((schema.required as string[] | undefined) ?? []);
  if (requiredNames.size > maxProperties) throw new UnsatisfiableSchemaError("more required properties than maxProperties");
  const required = [...requiredNames].map((name) => planner.slot(name));
  const declared = new Set([...planner.declaredNames(), ...planner.absent]);
  const wantsOptional = !minimal || minProperties > required.length;
  const candidates = wantsOptional ? planner.declaredNames().filter((name) => !requiredNames.has(name)) : [];
  const optional = reachableOptional(planner, candidates, requiredNames);
  const minExtras = Math.max(0, minProperties - required.length - optional.length);
  const closed = schema[CLOSED_MARK] === true;
  const maxExtras = Math.max(minExtras, minimal || closed ? 0 : context.settings.maxExtraProperties);
  const extraEntry = maxExtras > 0 ? planner.extraEntry(declared) : undefined;
  if (minExtras > 0 && !extraEntry) throw new UnsatisfiableSchemaError("minProperties needs names the schema forbids");
  const producible = new Set([...requiredNames, ...optional.map((slot) => slot.name)]);
  const dependencies = new Map(Object.entries(planner.dependentRequired).filter(([trigger]) => producible.has(trigger)));
  return { required, optional, dependencies, extraEntry, minExtras, maxExtras: extraEntry ? maxExtras : 0, minProperties, maxProperties };
}

/** Optional slots that can be generated, minus triggers whose dependencies cannot. */
function reachableOptional(planner: ObjectPlanner, candidates: string[], requiredNames: ReadonlySet<string>): PropertySlot[] {
  const slots = new Map<string, PropertySlot>();
  for (const name of candidates) {
    const slot = unlessUnsatisfiable(() => planner.slot(name));
    if (slot) slots.set(name, slot);
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (const name of [...slots.keys()]) {
      const blocked = [...planner.closure([name])].some((other) => !requiredNames.has(other) && !slots.has(other));
      if (blocked) {
        slots.delete(name);
        changed = true;
      }
    }
  }
  return [...slots.values()];
}
