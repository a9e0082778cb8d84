// Object keywords that narrow: a property made required, a property dropped from a closed object, a
// property declared where the object was open, additionalProperties closed.
import type { JsonSchema } from "../schema/types.js";
import { isSchema, isSchemaObject } from "../schema/walk-schema.js";
import type { StructuralCandidate } from "./compat-types.js";
import { focusOn, keywordPath, type AlignedPair, type NarrowingDetector } from "./aligned-pair.js";
import { propertiesOf, requiredOf, requiringProperty, withoutProperty, type SchemaObject } from "./focus-schema.js";

const requiredAdded: NarrowingDetector = (pair) => {
  const before = new Set(requiredOf(pair.a));
  return requiredOf(pair.b)
    .filter((name) => !before.has(name))
    .map((name) => ({
      topic: "required",
      path: keywordPath(pair, "required"),
      subject: { keyword: "required", name },
      witnessPaths: [keywordPath(pair, "required")],
      witnessParams: { missingProperty: name },
      focus: focusOn(pair, withoutProperty(pair.a, name)),
    }));
};

const propertyRemovedFromClosedObject: NarrowingDetector = (pair) => {
  const kept = propertiesOf(pair.b);
  if (!rejectsUndeclared(pair.b)) return [];
  return Object.entries(propertiesOf(pair.a))
    .filter(([name, schema]) => !(name in kept) && schema !== false && !matchesPatternProperty(pair.b, name))
    .map(([name]) => ({
      topic: "property-removed",
      path: keywordPath(pair, "properties", name),
      subject: { keyword: "properties", name },
      witnessPaths: [keywordPath(pair, "additionalProperties"), keywordPath(pair, "unevaluatedProperties")],
      witnessParams: { additionalProperty: name, unevaluatedProperty: name },
      focus: focusOn(pair, requiringProperty(pair.a, name)),
    }));
};

/** On an open object any value could sit under a new name; declaring it constrains those values. */
const propertyDeclaredOnOpenObject: NarrowingDetector = (pair) => {
  if (!acceptsUndeclared(pair.a)) return [];
  const before = propertiesOf(pair.a);
  return Object.entries(propertiesOf(pair.b))
    .filter(([name, schema]) => !(name in before) && !isUnconstrained(schema))
    .map(([name]) => ({
      topic: "property-added",
      path: keywordPath(pair, "properties", name),
      subject: { keyword: "properties", name },
      witnessPaths: [keywordPath(pair, "properties", name)],
      focus: focusOn(pair, requiringProperty(pair.a, name, otherShape(undeclaredSchemaOf(pair.a), propertiesOf(pair.b)[name]!))),
    }));
};

/** What could sit under the name before, of a shape the new declaration rejects, when that can be said in the source's terms. */
function otherShape(undeclared: JsonSchema, declared: JsonSchema): JsonSchema {
  if (!isSchemaObject(declared)) return undeclared;
  const types = typeof declared.type === "string" ? [declared.type] : Array.isArray(declared.type) ? (declared.type as string[]) : null;
  if (types !== null) {
    const widened = types.includes("number") ? [...types, "integer"] : types;
    const others = ["null", "boolean", "integer", "number", "string", "array", "object"].filter((type) => !widened.includes(type));
    return others.length === 0 ? undeclared : { allOf: [undeclared], type: others };
  }
  // A declaration with refs reads them in the target; only a self-contained one can be negated here.
  return JSON.stringify(declared).includes('"$ref"') ? undeclared : { allOf: [undeclared], not: declared };
}

const additionalPropertiesClosed: NarrowingDetector = (pair) => {
  if (pair.b.additionalProperties !== false || pair.a.additionalProperties === false) return [];
  const extra = unusedPropertyName(pair);
  return [
    {
      topic: "additional-properties",
      path: keywordPath(pair, "additionalProperties"),
      subject: { keyword: "additionalProperties", source: pair.a.additionalProperties, target: false },
      witnessPaths: [keywordPath(pair, "additionalProperties")],
      focus: focusOn(pair, requiringProperty(pair.a, extra, undeclaredSchemaOf(pair.a))),
    },
  ];
};

export const OBJECT_NARROWINGS: readonly NarrowingDetector[] = [
  requiredAdded,
  propertyRemovedFromClosedObject,
  propertyDeclaredOnOpenObject,
  additionalPropertiesClosed,
];

function rejectsUndeclared(schema: SchemaObject): boolean {
  return schema.additionalProperties === false || schema.unevaluatedProperties === false || isSchemaObject(schema.additionalProperties);
}

function acceptsUndeclared(schema: SchemaObject): boolean {
  return schema.additionalProperties !== false && schema.unevaluatedProperties !== false;
}

function isUnconstrained(schema: JsonSchema): boolean {
  return schema === true || (isSchemaObject(schema) && Object.keys(schema).every((keyword) => ANNOTATIONS.has(keyword)));
}

const ANNOTATIONS = new Set(["title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment"]);

/** What an undeclared property may hold on this object. */
function undeclaredSchemaOf(schema: SchemaObject): JsonSchema {
  return isSchema(schema.additionalProperties) ? schema.additionalProperties : {};
}

function matchesPatternProperty(schema: SchemaObject, name: string): boolean {
  if (!isSchemaObject(schema.patternProperties)) return false;
  return Object.keys(schema.patternProperties).some((pattern) => {
    try {
      return new RegExp(pattern, "u").test(name);
    } catch {
      return false;
    }
  });
}

/** A property name neither side declares nor matches by pattern: where an extra field can go. */
function unusedPropertyName(pair: AlignedPair): string {
  const taken = (name: string) =>
    name in propertiesOf(pair.a) || name in propertiesOf(pair.b) || matchesPatternProperty(pair.a, name) || matchesPatternProperty(pair.b, name);
  for (let index = 0; ; index += 1) {
    const name = index === 0 ? "extra" : `extra_${index}`;
    if (!taken(name)) return name;
  }
}
