// Near-miss defects about shape: wrong JSON type, numbers and objects sent as text, null where a
// value belongs, a required property removed, undeclared or prototype-named properties, duplicates.
import { canonicalJson } from "./canonical-json.js";
import { safeTest, type Facet, type InstanceSite } from "./instance-sites.js";
import { typeFeature, type DefectFinder, type DefectMaker } from "./near-miss-defect.js";
import { allowsType, anyDeclaredTypes, certainTypes, jsonTypeOf, outsideEnum, rejectionVerdict, type Verdict } from "./near-miss-verdicts.js";
import { jsonWithWholeFraction, replaceAt, withoutProperty, withProperty } from "./replace-at.js";

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** A value of each JSON type, derived from the value it replaces where that reads naturally. */
const FLIPPED: Readonly<Record<string, (old: unknown) => unknown>> = {
  string: (old) => (old !== null && typeof old === "object" ? "[object Object]" : String(old)),
  number: () => 42,
  boolean: () => true,
  object: () => ({}),
  array: (old) => [old],
};

export const typeFlipDefects: DefectFinder = (site, instance) => {
  const certain = certainTypes(site);
  const types = certain ?? anyDeclaredTypes(site);
  if (!site.present) return [];
  if (!types) return enumTypeFlipDefects(site, instance);
  return Object.keys(FLIPPED)
    .filter((target) => !allowsType(types, target))
    .map((target) => () => ({
      value: replaceAt(instance, site.tokens, FLIPPED[target]!(site.value)),
      path: site.path,
      feature: typeFeature(types),
      expectedValid: certain ? false : null,
      detail: `${jsonTypeOf(site.value)} replaced by a ${target}`,
    }));
};

/** No type keyword, but an enum or const: a value of another type is outside it. */
function enumTypeFlipDefects(site: InstanceSite, instance: unknown): DefectMaker[] {
  const listed = site.facets.filter((f) => "const" in f.schema || Array.isArray(f.schema.enum));
  if (listed.length === 0) return [];
  return Object.keys(FLIPPED).map((target) => () => {
    const flipped = FLIPPED[target]!(site.value);
    const expectedValid = rejectionVerdict(site, (facet) => listed.includes(facet) && outsideEnum(facet, flipped));
    if (expectedValid === undefined) return undefined;
    const feature = listed.some((f) => "const" in f.schema) ? "const" : "enum";
    return { value: replaceAt(instance, site.tokens, flipped), path: site.path, feature, expectedValid, detail: `${jsonTypeOf(site.value)} replaced by a ${target}, outside the listed values` };
  });
}

export const numberAsTextDefects: DefectFinder = (site, instance) => {
  const types = certainTypes(site);
  if (!site.present || typeof site.value !== "number" || !types || allowsType(types, "string")) return [];
  const value = site.value;
  const texts = [Number.isInteger(value) ? `${value},5` : String(value).replace(".", ","), String(value), value.toExponential().replace("e+", "e")];
  return texts.map((text) => () => ({ value: replaceAt(instance, site.tokens, text), path: site.path, feature: typeFeature(types), expectedValid: false, detail: `number sent as the text ${JSON.stringify(text)}` }));
};

export const objectAsJsonStringDefects: DefectFinder = (site, instance) => {
  const types = certainTypes(site);
  if (!site.present || !isObject(site.value) || !types || allowsType(types, "string")) return [];
  return [() => ({ value: replaceAt(instance, site.tokens, JSON.stringify(site.value)), path: site.path, feature: "type:object", expectedValid: false, detail: "object sent as a JSON string" })];
};

function rejectsNull(facet: Facet): boolean {
  const declared = facet.schema.type;
  const types = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared : undefined;
  return (types !== undefined && !types.includes("null")) || (("const" in facet.schema || Array.isArray(facet.schema.enum)) && outsideEnum(facet, null));
}

export const nullInjectedDefects: DefectFinder = (site, instance) => {
  const expectedValid = rejectionVerdict(site, rejectsNull);
  if (expectedValid === undefined || (!site.present && site.tokens.length === 0)) return [];
  const types = certainTypes(site) ?? anyDeclaredTypes(site);
  const feature = !site.present ? "optional" : types ? typeFeature(types) : "enum";
  return [() => ({ value: replaceAt(instance, site.tokens, null), path: site.path, feature, expectedValid, detail: site.present ? "value replaced by null" : "absent optional property sent as null" })];
};

export const requiredRemovedDefects: DefectFinder = (site, instance) => {
  if (!site.present || !isObject(site.value)) return [];
  const object = site.value;
  const makers: DefectMaker[] = [];
  const seen = new Set<string>();
  for (const facet of [...site.facets].sort((a, b) => Number(b.certain) - Number(a.certain))) {
    for (const name of (facet.schema.required as string[] | undefined) ?? []) {
      if (seen.has(name) || !hasOwn(object, name)) continue;
      seen.add(name);
      const expectedValid: Verdict = facet.certain ? false : null;
      makers.push(() => ({ value: replaceAt(instance, site.tokens, withoutProperty(object, name)), path: site.childPath(name), feature: "required", expectedValid, detail: `required property ${JSON.stringify(name)} removed` }));
    }
  }
  return makers;
};

const EXTRA_NAMES = ["extra_field", "unexpected", "debug_info"];

function undeclaredName(facet: Facet, object: Record<string, unknown>): string | undefined {
  const declared = isObject(facet.schema.properties) ? facet.schema.properties : {};
  const patterns = Object.keys(isObject(facet.schema.patternProperties) ? facet.schema.patternProperties : {});
  return EXTRA_NAMES.find((name) => !hasOwn(declared, name) && !hasOwn(object, name) && !patterns.some((p) => safeTest(p, name)));
}

export const extraPropertyDefects: DefectFinder = (site, instance) => {
  if (!site.present || !isObject(site.value)) return [];
  const object = site.value;
  const makers: DefectMaker[] = [];
  for (const facet of site.facets) {
    const additional = facet.schema.additionalProperties;
    const name = undeclaredName(facet, object);
    if (name === undefined || (additional !== false && !isObject(additional))) continue;
    const addedTypes = isObject(additional) ? (typeof additional.type === "string" ? [additional.type] : (additional.type as string[] | undefined)) : undefined;
    const target = addedTypes ? Object.keys(FLIPPED).find((t) => !allowsType(addedTypes, t)) : undefined;
    const extra = additional === false ? "unexpected" : target ? FLIPPED[target]!("unexpected") : null;
    const expectedValid: Verdict = facet.certain && (additional === false || target !== undefined) ? false : null;
    const feature = additional === false ? "additionalProperties:false" : "additionalProperties:schema";
    makers.push(() => ({ value: replaceAt(instance, site.tokens, withProperty(object, name, extra)), path: site.childPath(name), feature, expectedValid, detail: `undeclared property ${JSON.stringify(name)} added` }));
  }
  return makers;
};

/** How one facet takes a new own property: only additionalProperties false (undeclared) is a sure no. */
function protoKeyVerdict(facet: Facet, name: string, object: Record<string, unknown>): "accepts" | "rejects" | "unknown" {
  const s = facet.schema;
  const declared = isObject(s.properties) && hasOwn(s.properties, name);
  const patterned = Object.keys(isObject(s.patternProperties) ? s.patternProperties : {}).some((p) => safeTest(p, name));
  if (!declared && !patterned && s.additionalProperties === false) return "rejects";
  if (typeof s.maxProperties === "number" && Object.keys(object).length + 1 > s.maxProperties) return "rejects";
  const open = !declared && !patterned && (s.additionalProperties === undefined || s.additionalProperties === true);
  const quiet = ["propertyNames", "unevaluatedProperties", "dependentRequired", "dependentSchemas", "enum", "const", "not", "if", "anyOf", "oneOf"].every((k) => !(k in s));
  return open && quiet ? "accepts" : "unknown";
}

export const protoKeyDefects: DefectFinder = (site, instance) => {
  if (!site.present || !isObject(site.value)) return [];
  const object = site.value;
  const closed = site.facets.some((facet) => facet.schema.additionalProperties === false);
  const schemaValued = site.facets.some((facet) => isObject(facet.schema.additionalProperties));
  const feature = closed ? "additionalProperties:false" : schemaValued ? "additionalProperties:schema" : "additionalProperties:true";
  return ["__proto__", "constructor"]
    .filter((name) => !hasOwn(object, name))
    .map((name) => () => {
      const verdicts = site.facets.map((facet) => ({ facet, verdict: protoKeyVerdict(facet, name, object) }));
      const certainNo = verdicts.some(({ facet, verdict }) => facet.certain && verdict === "rejects");
      const allYes = site.transparent && verdicts.every(({ facet, verdict }) => facet.certain && verdict === "accepts");
      const expectedValid: Verdict = certainNo ? false : allYes ? true : null;
      return { value: replaceAt(instance, site.tokens, withProperty(object, name, { polluted: true })), path: site.childPath(name), feature, expectedValid, detail: `own property ${JSON.stringify(name)} added` };
    });
};

/** A deep copy with every object's keys in reverse order: equal under JSON Schema, different as text. */
function reorderedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorderedCopy);
  if (!isObject(value)) return value;
  return Object.keys(value).reverse().reduce((copy, key) => withProperty(copy, key, reorderedCopy(value[key])), {} as Record<string, unknown>);
}

export const uniqueDuplicateDefects: DefectFinder = (site, instance) => {
  const items = site.value;
  if (!site.present || !Array.isArray(items) || items.length === 0) return [];
  const expectedValid = rejectionVerdict(site, (facet) => facet.schema.uniqueItems === true);
  if (expectedValid === undefined) return [];
  const maxItems = Math.min(...site.facets.map((facet) => (typeof facet.schema.maxItems === "number" ? facet.schema.maxItems : Infinity)));
  return items.map((item, index) => () => {
    const copy = reorderedCopy(item);
    const at = items.length < maxItems ? items.length : items.length >= 2 ? (index === 0 ? 1 : 0) : -1;
    if (at < 0) return undefined;
    const next = [...items];
    next[at] = copy;
    const value = replaceAt(instance, site.tokens, next);
    const wholeNumber = typeof item === "number" && Number.isInteger(item) && Math.abs(item) < 1e21;
    const detail = `item ${index} repeated at ${at}${canonicalJson(item) === JSON.stringify(copy) ? "" : " with keys reordered"}`;
    return { value, path: site.childPath(at), feature: "uniqueItems", expectedValid, detail, json: wholeNumber ? jsonWithWholeFraction(value, [...site.tokens, at]) : undefined };
  });
};
