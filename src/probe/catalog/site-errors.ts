// Which of a judgement's errors belong to one site: the site's own keyword at its place (a required or
// additionalProperties break at the parent object), or, for a feature that only applies subschemas
// (items, properties, $ref...), errors inside its place. A repaired part that breaks a neighbouring
// keyword, or a near miss that also breaks another keyword than its own, is then not read as this site.
import { isPointerWithin, parsePointer } from "../../schema/json-pointer.js";
import type { SampleError } from "../judge-sample.js";

/** Features whose break the validator reports under their own keyword(s) at the site's place. */
const OWN_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  minLength: ["minLength"], maxLength: ["maxLength"], pattern: ["pattern"],
  minimum: ["minimum"], maximum: ["maximum"], exclusiveMinimum: ["exclusiveMinimum"], exclusiveMaximum: ["exclusiveMaximum"], multipleOf: ["multipleOf"],
  minItems: ["minItems"], maxItems: ["maxItems"], uniqueItems: ["uniqueItems"], contains: ["contains", "minContains", "maxContains"],
  minProperties: ["minProperties"], maxProperties: ["maxProperties"], propertyNames: ["propertyNames"], dependentRequired: ["dependentRequired"],
  enum: ["enum"], const: ["const"], not: ["not"], oneOf: ["oneOf"], anyOf: ["anyOf"], "if-then-else": ["if", "then", "else"],
  "type:union": ["type", "anyOf", "oneOf"],
  // An optional property asked as null: the break is the null's type; a number mended to 0 that breaks a
  // minimum beside it is the minimum's site.
  optional: ["type", "anyOf", "oneOf", "enum", "const"],
};

/** Features that only apply subschemas: their break shows inside their place (or under their keyword). */
const APPLICATORS: Readonly<Record<string, readonly string[]>> = {
  items: ["items", "false schema"], prefixItems: ["prefixItems", "items", "false schema"], unevaluatedItems: ["unevaluatedItems"],
  unevaluatedProperties: ["unevaluatedProperties"], patternProperties: ["patternProperties"], dependentSchemas: ["dependentSchemas"],
};

export function siteErrors(errors: readonly SampleError[], feature: string, path: string): SampleError[] {
  const tokens = parsePointer(path);
  const name = tokens.at(-1);
  const parent = path === "" ? undefined : path.slice(0, path.lastIndexOf("/"));
  const at = (error: SampleError): boolean => (path === "" ? error.instancePath === "" : isPointerWithin(error.instancePath, path));
  return errors.filter((error) => {
    if (feature === "required") return error.keyword === "required" && error.instancePath === parent && error.message.endsWith(`'${name}'`);
    if (feature === "additionalProperties:false") return ["additionalProperties", "unevaluatedProperties", "false schema"].includes(error.keyword) && (error.instancePath === parent || error.instancePath === path);
    if (feature.startsWith("type:") && feature !== "type:union") return at(error) && error.instancePath === path && error.keyword === "type";
    if (feature.startsWith("format:")) return error.instancePath === path && error.keyword === "format";
    const own = OWN_KEYWORDS[feature];
    if (own !== undefined) return error.instancePath === path && own.includes(error.keyword);
    const applied = APPLICATORS[feature];
    if (applied !== undefined) return at(error) && (error.instancePath !== path || applied.includes(error.keyword));
    // Anything else (optional, $ref siblings, keywords of other names): any error at or inside the place.
    return at(error);
  });
}
