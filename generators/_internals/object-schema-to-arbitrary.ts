// Objects from an ObjectPlan: required properties always, optional ones present or absent, extra
// names sometimes; min/maxProperties and dependentRequired honoured by a fitting step, so
// minProperties holds even when every property is optional. dependentSchemas become variants.
import type fc from "fast-check";
import type { JsonSchema } from "../../src/schema/types.js";
import { setOwnProperty } from "./canonical-json.js";
import { bareArray } from "./bare-array.js";
import { mapBare } from "./bare-sample.js";
import { bareBoolean, bareConstantFrom } from "./bare-builtins.js";
import { ABSENT, choice, optionalArbitrary, weightedChoice } from "./draw-arbitrary.js";
import { ABSENT_MARK } from "./flatten-schema.js";
import { UnsatisfiableSchemaError, unlessUnsatisfiable, type Flattened, type GenerationContext } from "./generation-context.js";
import { withoutKeywords, type SchemaObject } from "./merge-schemas.js";
import { planObject, type ObjectPlan } from "./object-plan.js";
import { slotsArbitrary } from "./slots-arbitrary.js";

type Entry = [string, unknown];
/** Triggers beyond this many are handled by filtering instead of one variant per subset. */
const MAX_VARIANT_TRIGGERS = 3;

export function objectSchemaToArbitrary(context: GenerationContext, schema: SchemaObject, budget: number): fc.Arbitrary<unknown> {
  const dependentSchemas = (schema.dependentSchemas ?? {}) as Record<string, JsonSchema>;
  if (Object.keys(dependentSchemas).length > 0) return dependentSchemasToArbitrary(context, schema, dependentSchemas, budget);
  const plan = planObject(context, schema, budget);
  const extras = extrasArbitrary(context, plan);
  return needsFitting(plan) ? fittedObjectArbitrary(plan, extras) : simpleObjectArbitrary(plan, extras);
}

function needsFitting(plan: ObjectPlan): boolean {
  const most = plan.required.length + plan.optional.length + plan.maxExtras;
  return plan.minProperties > plan.required.length || plan.maxProperties < most || plan.dependencies.size > 0;
}

function extrasArbitrary(context: GenerationContext, plan: ObjectPlan): fc.Arbitrary<Entry[]> {
  if (!plan.extraEntry || plan.maxExtras === 0) return bareConstantFrom<Entry[]>([[]]);
  const distinct = (entries: Entry[]) => [...new Map(entries).entries()];
  if (plan.minExtras > 0) {
    const drawn = mapBare(bareArray(plan.extraEntry, { minLength: plan.minExtras, maxLength: plan.maxExtras }), distinct);
    return context.filter(drawn, (entries) => entries.length >= plan.minExtras, "distinct extra names for minProperties");
  }
  // Undeclared properties now and then: most objects in the wild carry only declared names.
  return weightedChoice([{ weight: 3, arbitrary: bareConstantFrom<Entry[]>([[]]) }, { weight: 1, arbitrary: mapBare(bareArray(plan.extraEntry, { minLength: 1, maxLength: plan.maxExtras }), distinct) }]);
}

function buildObject(entries: Iterable<Entry>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, value] of entries) setOwnProperty(object, name, value);
  return object;
}

function simpleObjectArbitrary(plan: ObjectPlan, extras: fc.Arbitrary<Entry[]>): fc.Arbitrary<Record<string, unknown>> {
  const names = [...plan.required, ...plan.optional].map((slot) => slot.name);
  const parts = [...plan.required.map((slot) => slot.arbitrary), ...plan.optional.map((slot) => optionalArbitrary(slot.arbitrary))];
  const withExtras = plan.maxExtras > 0;
  // Drawn as fc.tuple(fc.tuple(...slots), extras) was: the slots, then the extra entries.
  return slotsArbitrary(withExtras ? [...parts, extras] : parts, (generated) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) if (generated[i] !== ABSENT) setOwnProperty(object, names[i]!, generated[i]);
    if (withExtras) for (const [name, value] of generated[names.length] as Entry[]) setOwnProperty(object, name, value);
    return object;
  });
}

function fittedObjectArbitrary(plan: ObjectPlan, extras: fc.Arbitrary<Entry[]>): fc.Arbitrary<Record<string, unknown>> {
  const slots = [...plan.required, ...plan.optional];
  const presence = bareArray(bareBoolean(), { minLength: plan.optional.length, maxLength: plan.optional.length });
  // Drawn as fc.tuple(fc.tuple(...slots), presence, extras) was.
  return slotsArbitrary([...slots.map((slot) => slot.arbitrary), presence, extras], (generated) => {
    const valueOf = new Map(slots.map((slot, i) => [slot.name, generated[i]]));
    const { present, keptExtras } = fitPresence(plan, generated[slots.length] as boolean[], generated[slots.length + 1] as Entry[]);
    const entries: Entry[] = slots.filter((slot) => present.has(slot.name)).map((slot) => [slot.name, valueOf.get(slot.name)]);
    return buildObject([...entries, ...keptExtras]);
  });
}

/** Chosen optional names, closed under dependentRequired, trimmed and topped up to the property bounds. */
function fitPresence(plan: ObjectPlan, flags: boolean[], extras: Entry[]): { present: Set<string>; keptExtras: Entry[] } {
  const present = new Set(plan.required.map((slot) => slot.name));
  const add = (name: string) => {
    if (present.has(name)) return;
    present.add(name);
    for (const needed of plan.dependencies.get(name) ?? []) add(needed);
  };
  plan.optional.forEach((slot, i) => flags[i] && add(slot.name));
  let kept = extras;
  const count = () => present.size + kept.length;
  while (count() > plan.maxProperties && kept.length > plan.minExtras) kept = kept.slice(0, -1);
  const required = new Set(plan.required.map((slot) => slot.name));
  const neededByOthers = (name: string) => [...present].some((other) => other !== name && (plan.dependencies.get(other) ?? []).includes(name));
  for (const slot of [...plan.optional].reverse()) {
    if (count() <= plan.maxProperties) break;
    if (present.has(slot.name) && !required.has(slot.name) && !neededByOthers(slot.name)) present.delete(slot.name);
  }
  for (const slot of plan.optional) {
    if (count() >= plan.minProperties) break;
    add(slot.name);
  }
  return { present, keptExtras: kept };
}

/** One variant per subset of triggers: present (with its dependent schema folded in) or absent. */
function dependentSchemasToArbitrary(context: GenerationContext, schema: SchemaObject, dependentSchemas: Record<string, JsonSchema>, budget: number): fc.Arbitrary<unknown> {
  const triggers = Object.keys(dependentSchemas);
  const base = { ...withoutKeywords(schema, ["dependentSchemas"]), type: "object" };
  if (triggers.length > MAX_VARIANT_TRIGGERS) {
    const checker = context.checker();
    const rule = { dependentSchemas };
    return context.filter(context.compileFlattened({ flat: base, residuals: [] }, budget), (value) => checker.accepts(rule, value), "dependentSchemas");
  }
  const variants: fc.Arbitrary<unknown>[] = [];
  for (let mask = 0; mask < 1 << triggers.length; mask++) {
    const present = triggers.filter((_, i) => mask & (1 << i));
    const variant = variantFlattened(context, base, present, triggers.filter((t) => !present.includes(t)), dependentSchemas);
    const arbitrary = variant.flat === false ? undefined : unlessUnsatisfiable(() => context.compileFlattened(variant, budget));
    if (arbitrary) variants.push(arbitrary);
  }
  if (variants.length === 0) throw new UnsatisfiableSchemaError("no dependentSchemas variant is satisfiable");
  return choice(variants);
}

function variantFlattened(context: GenerationContext, base: SchemaObject, present: string[], absent: string[], dependentSchemas: Record<string, JsonSchema>): Flattened {
  const required = [...new Set([...((base.required as string[] | undefined) ?? []), ...present])];
  const priorAbsent = (base[ABSENT_MARK] as string[] | undefined) ?? [];
  let flattened: Flattened = { flat: { ...base, required, [ABSENT_MARK]: [...priorAbsent, ...absent] }, residuals: [] };
  for (const trigger of present) {
    if (flattened.flat === false) break;
    const next = context.mergeWith(flattened.flat, dependentSchemas[trigger]!);
    flattened = { flat: next.flat, residuals: [...flattened.residuals, ...next.residuals] };
  }
  return flattened;
}
