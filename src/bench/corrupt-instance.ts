// Deterministic ways to break a valid instance: drop a required property, give a property the wrong
// type, add an unexpected property, replace the whole value. Several are combined so validating with
// all errors has more than one error to collect.
const WRONG_TYPED: Readonly<Record<string, unknown>> = { string: 12345, number: "not a number", boolean: "yes", object: [], array: {}, null: 0 };

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

export type Corruption = (value: unknown) => unknown;

/** A corruption and the property it touches, so combined faults never undo each other. */
export interface LocalCorruption {
  readonly property: string;
  readonly apply: Corruption;
}

function objectCorruptions(value: Record<string, unknown>, schema: Record<string, unknown>): LocalCorruption[] {
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]).filter((name): name is string => typeof name === "string") : [];
  const dropRequired = required.map((property): LocalCorruption => ({
    property,
    apply: (current) => Object.fromEntries(Object.entries(current as object).filter(([name]) => name !== property)),
  }));
  const mistype = Object.keys(value).map((property): LocalCorruption => ({
    property,
    apply: (current) => ({ ...(current as object), [property]: WRONG_TYPED[typeName(value[property])] }),
  }));
  const unexpected = "__unexpected_property__";
  return [...dropRequired, ...mistype, { property: unexpected, apply: (current) => ({ ...(current as object), [unexpected]: true }) }];
}

const swapWholeValue: Corruption = (value) => WRONG_TYPED[typeName(value)];

/** Corruptions inside an object (empty for other values), in a fixed order. */
export function localCorruptionsOf(value: unknown, schema: unknown): LocalCorruption[] {
  const isObjectPair = typeName(value) === "object" && typeof schema === "object" && schema !== null;
  return isObjectPair ? objectCorruptions(value as Record<string, unknown>, schema as Record<string, unknown>) : [];
}

function pickBreaking(corruptions: readonly LocalCorruption[], value: unknown, isValid: (candidate: unknown) => boolean, maxFaults: number): LocalCorruption[] {
  const picked: LocalCorruption[] = [];
  for (const corruption of corruptions) {
    if (picked.length === maxFaults) break;
    if (picked.some(({ property }) => property === corruption.property) || isValid(corruption.apply(value))) continue;
    picked.push(corruption);
  }
  return picked;
}

/**
 * Up to `maxFaults` local corruptions, on distinct properties, that each break the value on their
 * own (as judged by `isValid`), starting at a seeded offset and applied together; else the whole value swapped for
 * another type; null when nothing breaks it.
 */
export function corruptInstance(value: unknown, schema: unknown, isValid: (candidate: unknown) => boolean, seed: number, maxFaults = 3): unknown {
  const corruptions = localCorruptionsOf(value, schema);
  const start = corruptions.length === 0 ? 0 : Math.abs(seed) % corruptions.length;
  const rotated = [...corruptions.slice(start), ...corruptions.slice(0, start)];
  const breaking = pickBreaking(rotated, value, isValid, maxFaults);
  const combined = breaking.reduce<unknown>((current, { apply }) => apply(current), value);
  if (breaking.length > 0 && !isValid(combined)) return combined;
  const swapped = swapWholeValue(value);
  return isValid(swapped) ? null : swapped;
}
