// Joins the two methods: a search witness confirms the structural candidates its target errors land
// on; an error no precise candidate explains becomes a break of its own, found by the search alone.
import { resolvePointer } from "../schema/json-pointer.js";
import type { CompatChange } from "../report/model.js";
import type { ChangeSubject, ChangeTopic, CompatDirection, ReferenceError, StructuralCandidate, Witness } from "./compat-types.js";
import { describeChange } from "./change-rules.js";
import { causeErrors } from "./reference-check.js";
import { witnessedBy } from "./witnessed-by.js";

export function attributeBreaks(
  candidates: readonly StructuralCandidate[],
  witnesses: readonly Witness[],
  direction: CompatDirection,
  replay: string,
): CompatChange[] {
  const confirmations = new Map<StructuralCandidate, Witness>();
  const searchOnly = new Map<string, { error: ReferenceError; witness: Witness }>();
  for (const witness of bySize(witnesses)) {
    // A built witness was steered into its branch: errors inside a failed alternative confirm it too.
    if (witness.foundBy === "constructed") {
      for (const error of witness.errors) for (const candidate of candidates) if (witnessedBy(candidate, error) && !confirmations.has(candidate)) confirmations.set(candidate, witness);
    }
    for (const error of causeErrors(witness.errors)) {
      const explained = candidates.filter((candidate) => witnessedBy(candidate, error));
      for (const candidate of explained) if (!confirmations.has(candidate)) confirmations.set(candidate, witness);
      // A retargeted $ref is confirmed, but only the search can say which constraint behind it rejects.
      const key = `${error.schemaPath}\u0000${error.keyword}`;
      // A built witness speaks for the candidate it was built for, not for breaks of its own.
      if (witness.foundBy !== "constructed" && explained.every((candidate) => candidate.topic === "ref") && !searchOnly.has(key)) searchOnly.set(key, { error, witness });
    }
  }
  const counterexample = (witness: Witness | undefined) =>
    witness ? { witnessedBy: witness.foundBy === "constructed" ? ("construction" as const) : ("search" as const), counterexample: { value: witness.value, replay } } : {};
  const structural = candidates.map((candidate): CompatChange => {
    const witness = confirmations.get(candidate);
    return {
      path: candidate.path,
      ...describeChange(candidate.topic, candidate.subject, direction),
      method: "structural",
      status: witness ? "confirmed" : "unconfirmed",
      ...counterexample(witness),
    };
  });
  const found = [...searchOnly.values()].map(({ error, witness }): CompatChange => {
    const { topic, subject } = readError(error, witness.value);
    return { path: error.schemaPath, ...describeChange(topic, subject, direction), method: "search", status: "confirmed", ...counterexample(witness) };
  });
  return [...structural, ...found];
}

/** Built witnesses first (they do not depend on the seed), then the smallest, so each change keeps the most readable one. */
function bySize(witnesses: readonly Witness[]): Witness[] {
  const built = (witness: Witness) => (witness.foundBy === "constructed" ? 0 : 1);
  return [...witnesses].sort((x, y) => built(x) - built(y) || JSON.stringify(x.value).length - JSON.stringify(y.value).length);
}


const TOPIC_BY_KEYWORD: Readonly<Record<string, ChangeTopic>> = {
  required: "required",
  additionalProperties: "additional-properties",
  unevaluatedProperties: "additional-properties",
  enum: "enum",
  const: "const",
  type: "type",
  minimum: "bound",
  maximum: "bound",
  exclusiveMinimum: "bound",
  exclusiveMaximum: "bound",
  minLength: "length",
  maxLength: "length",
  minItems: "length",
  maxItems: "length",
  minProperties: "length",
  maxProperties: "length",
  multipleOf: "multiple-of",
  pattern: "pattern",
  format: "format",
  uniqueItems: "unique-items",
  anyOf: "branch-removed",
  "false schema": "schema-false",
};

/** What a target error says changed, in the structural diff's terms, with the rejected value as evidence. */
function readError(error: ReferenceError, witnessValue: unknown): { topic: ChangeTopic; subject: ChangeSubject } {
  const rejected = resolvePointer(witnessValue, error.instancePath);
  const { keyword, params } = error;
  if (keyword === "oneOf") return { topic: Array.isArray(params.passingSchemas) ? "one-of-ambiguous" : "branch-removed", subject: { keyword } };
  const topic = TOPIC_BY_KEYWORD[keyword] ?? "assertion-added";
  switch (topic) {
    case "required":
      return { topic, subject: { keyword, name: String(params.missingProperty) } };
    case "enum":
      return { topic, subject: { keyword, values: [rejected] } };
    case "type":
      return { topic, subject: { keyword, values: [jsonTypeName(rejected)], target: params.type } };
    case "const":
      return { topic, subject: { keyword, source: rejected, target: params.allowedValue } };
    // The error names the rejecting side's limit only; the other side's stays unknown.
    case "bound":
    case "length":
      return { topic, subject: { keyword, target: params.limit } };
    case "multiple-of":
      return { topic, subject: { keyword, target: params.multipleOf } };
    case "pattern":
    case "format":
      return { topic, subject: { keyword, target: params[keyword] } };
    default:
      return { topic, subject: { keyword } };
  }
}

function jsonTypeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
