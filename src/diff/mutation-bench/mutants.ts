// The mutation benchmark's mutants: lite with one harness bug each, written as a rewrite of the
// schema lite is given (the adapter that drops, renames or loosens one keyword). A mutant is found
// when fuzzing it against the reference gives a finding that fails the run.
import { liteValidator } from "../../validators/lite-validator.js";
import type { CompileContext, RemoteAwareValidatorModule } from "../../validators/types.js";
import { rewriteSchema, type SchemaNode } from "./rewrite-schema.js";

export interface Mutant {
  readonly id: string;
  /** The feature id whose check the mutant breaks. */
  readonly feature: string;
  readonly description: string;
  readonly rewrite: (node: SchemaNode) => SchemaNode;
}

const without = (...keywords: string[]) => (node: SchemaNode): SchemaNode => {
  if (!keywords.some((keyword) => keyword in node)) return node;
  const copy = { ...node };
  for (const keyword of keywords) delete copy[keyword];
  return copy;
};

const when = (test: (node: SchemaNode) => boolean, change: (node: SchemaNode) => SchemaNode) => (node: SchemaNode): SchemaNode => (test(node) ? change(node) : node);

const renamed = (from: string, to: string) => when((node) => from in node, (node) => {
  const { [from]: value, ...rest } = node;
  return { ...rest, [to]: value };
});

const dropped = (keyword: string, feature = keyword): Mutant => ({ id: `${keyword}-ignored`, feature, description: `${keyword} is not checked`, rewrite: without(keyword) });

export const MUTANTS: readonly Mutant[] = [
  { id: "type-ignored", feature: "type:string", description: "type is not checked", rewrite: without("type") },
  { id: "integer-as-number", feature: "type:integer", description: "integer accepts any number", rewrite: when((n) => n.type === "integer", (n) => ({ ...n, type: "number" })) },
  { id: "null-allowed", feature: "type:null", description: "null passes every typed value", rewrite: when((n) => typeof n.type === "string" && n.type !== "null", (n) => ({ ...n, type: [n.type, "null"] })) },
  dropped("required"),
  { id: "additionalProperties-false-ignored", feature: "additionalProperties:false", description: "additionalProperties: false lets extra properties through", rewrite: when((n) => n.additionalProperties === false, without("additionalProperties")) },
  { id: "additionalProperties-schema-ignored", feature: "additionalProperties:schema", description: "extra properties are not checked against additionalProperties", rewrite: when((n) => typeof n.additionalProperties === "object", without("additionalProperties")) },
  dropped("enum"),
  dropped("const"),
  dropped("minimum"),
  dropped("maximum"),
  { id: "exclusiveMinimum-inclusive", feature: "exclusiveMinimum", description: "exclusiveMinimum read as minimum", rewrite: renamed("exclusiveMinimum", "minimum") },
  { id: "exclusiveMaximum-inclusive", feature: "exclusiveMaximum", description: "exclusiveMaximum read as maximum", rewrite: renamed("exclusiveMaximum", "maximum") },
  dropped("multipleOf"),
  dropped("minLength"),
  dropped("maxLength"),
  { id: "maxLength-off-by-one", feature: "maxLength", description: "maxLength lets one more character through", rewrite: when((n) => typeof n.maxLength === "number", (n) => ({ ...n, maxLength: (n.maxLength as number) + 1 })) },
  dropped("pattern"),
  { id: "pattern-unanchored", feature: "pattern", description: "pattern anchors dropped (a substring match anywhere)", rewrite: when((n) => typeof n.pattern === "string", (n) => ({ ...n, pattern: (n.pattern as string).replace(/^\^/, "").replace(/\$$/, "") })) },
  { id: "format-ignored", feature: "format:date-time", description: "format is not checked", rewrite: without("format") },
  dropped("items"),
  dropped("prefixItems"),
  dropped("minItems"),
  dropped("maxItems"),
  dropped("uniqueItems"),
  dropped("contains"),
  { id: "maxContains-ignored", feature: "contains", description: "maxContains is not checked", rewrite: without("maxContains") },
  dropped("minProperties"),
  dropped("maxProperties"),
  dropped("propertyNames"),
  dropped("patternProperties"),
  dropped("dependentRequired"),
  dropped("dependentSchemas"),
  { id: "oneOf-as-anyOf", feature: "oneOf", description: "oneOf treated as anyOf (a value two branches accept passes)", rewrite: renamed("oneOf", "anyOf") },
  { id: "anyOf-as-allOf", feature: "anyOf", description: "anyOf treated as allOf", rewrite: renamed("anyOf", "allOf") },
  dropped("not"),
  { id: "then-always", feature: "if-then-else", description: "then applied whatever if says", rewrite: when((n) => "if" in n && "then" in n, (n) => ({ ...without("if", "then", "else")(n), allOf: [...((n.allOf as unknown[]) ?? []), n.then] })) },
  { id: "if-ignored", feature: "if-then-else", description: "if/then/else is not checked", rewrite: without("if", "then", "else") },
  { id: "allOf-first-only", feature: "allOf", description: "only the first allOf part is checked", rewrite: when((n) => Array.isArray(n.allOf) && n.allOf.length > 1, (n) => ({ ...n, allOf: [(n.allOf as unknown[])[0]] })) },
  dropped("unevaluatedProperties"),
  { id: "ref-siblings-dropped", feature: "$ref:siblings", description: "keywords beside $ref are ignored", rewrite: when((n) => typeof n.$ref === "string", (n) => ({ $ref: n.$ref, ...("$defs" in n ? { $defs: n.$defs } : {}) })) },
];

/** lite compiling the rewritten schema (in the schema's dialect, as lite would): the rewrite is the bug. */
export function mutantValidator(mutant: Mutant): RemoteAwareValidatorModule {
  return {
    name: `lite/${mutant.id}`,
    supportsRemotes: true,
    compile: (schema: object | boolean, context: CompileContext = {}) => liteValidator.compile(rewriteSchema(schema, mutant.rewrite) as object | boolean, context),
  };
}
