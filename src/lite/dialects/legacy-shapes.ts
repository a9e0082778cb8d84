// The shapes of keywords only older dialects have (draft 4 to 2019-09's array `items` and
// `dependencies`, OpenAPI 3.0's upper-case `type`): kept out of schema-keywords.ts so a bundle that
// reads draft 2020-12 only (schemalab/lite/core) does not ship them.
import { SHAPES, TYPE_NAMES, isMap, isNameList, isTypeName, type Shape, type ShapeRule } from "../schema-keywords.js";

export const LEGACY_SHAPES: Readonly<Record<Shape, ShapeRule>> = {
  ...SHAPES,
  schemaOrSchemas: [(value: unknown) => Array.isArray(value) || isMap(value) || typeof value === "boolean", "must be a schema or an array of schemas"],
  dependencyMap: [
    (value: unknown) => isMap(value) && Object.values(value).every((entry) => isNameList(entry) || isMap(entry) || typeof entry === "boolean"),
    "must map names to schemas or to arrays of unique strings",
  ],
  // OpenAPI 3.0 as Gemini's SDK writes it: its `Type` enum spells the names in upper case ("OBJECT").
  anyCaseType: [
    (value: unknown) => (typeof value === "string" && isTypeName(value.toLowerCase())) || (Array.isArray(value) && value.length > 0 && value.every((name) => typeof name === "string" && isTypeName(name.toLowerCase()))),
    `must be one of ${TYPE_NAMES} (in any case), or a non-empty array of them`,
  ],
};
