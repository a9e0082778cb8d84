// Unions under constrained decoding. `anyOf`: keep a value that fits a branch, else repair toward the
// branch it most looks like. `oneOf`: the value must fit exactly one branch, so a value that fits
// several (5 for integer | number) or none is moved into one branch and out of the others.
import type { RepairScope } from "./emulator-repair-value.js";
import { allowedTypes, allowsNull, asList, isRecord, MISSING, resolveRef, sameJson, typeMatches, type Value } from "../schema-rules/emulator-schema-facts.js";

export function repairAnyOf(value: Value, branches: readonly unknown[], scope: RepairScope, depth: number): unknown {
  const { conforms } = scope.options;
  if (value !== MISSING && branches.some((branch) => conforms(branch, value))) return value;
  let first: Value = MISSING;
  for (const branch of rankBranches(value, branches, scope.options.root)) {
    const candidate = scope.repair(value, branch, depth);
    if (conforms(branch, candidate)) return candidate;
    if (first === MISSING) first = candidate;
  }
  return first === MISSING ? null : first;
}

export function repairOneOf(value: Value, branches: readonly unknown[], scope: RepairScope, depth: number): unknown {
  const { conforms } = scope.options;
  const fitting = value === MISSING ? [] : branches.filter((branch) => conforms(branch, value));
  if (fitting.length === 1) return value;
  const order = fitting.length > 1 ? fitting : rankBranches(value, branches, scope.options.root);
  let first: Value = MISSING;
  for (const branch of order) {
    const others = branches.filter((other) => other !== branch);
    for (const candidate of candidatesFor(value, branch, others, scope, depth)) {
      if (conforms(branch, candidate) && !others.some((other) => conforms(other, candidate))) return candidate;
      if (first === MISSING) first = candidate;
    }
  }
  return first === MISSING ? null : first;
}

/** The value repaired toward the branch, then small moves away from the other branches, then generated. */
function* candidatesFor(value: Value, branch: unknown, others: readonly unknown[], scope: RepairScope, depth: number): Generator<unknown> {
  const repaired = scope.repair(value, branch, depth);
  yield repaired;
  if (typeof repaired === "number") {
    // Overlapping numeric branches (integer | number, ranges) part on a half step.
    for (const step of [0.5, -0.5, 1, -1]) yield scope.repair(repaired + step, branch, depth);
  }
  yield* scope.options.regenerate?.({ allOf: [branch], not: { anyOf: others } }) ?? [];
}

/** Branches the value most looks like first (type, discriminators, required keys); ties keep schema order. */
function rankBranches(value: Value, branches: readonly unknown[], root: unknown): unknown[] {
  const scored = branches.map((branch, index) => {
    const resolved = isRecord(branch) && typeof branch.$ref === "string" ? resolveRef(branch.$ref, root) : branch;
    // Asked for nothing, a model writes a value rather than null.
    const score = value === MISSING ? (allowsNull(resolved, root) ? 0 : 1) : branchScore(value, resolved);
    return { branch, index, score };
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map(({ branch }) => branch);
}

function branchScore(value: unknown, branch: unknown): number {
  if (!isRecord(branch)) return branch === false ? -100 : 0;
  const types = allowedTypes(branch);
  let score = types === null || typeMatches(value, types) ? 10 : 0;
  if (!isRecord(value) || !isRecord(branch.properties)) return score;
  for (const [key, sub] of Object.entries(branch.properties)) {
    if (!isRecord(sub) || !(key in value)) continue;
    if ("const" in sub) score += sameJson(sub.const, value[key]) ? 5 : -5;
    if (Array.isArray(sub.enum)) score += sub.enum.some((option) => sameJson(option, value[key])) ? 5 : -5;
  }
  for (const key of asList(branch.required)) score += typeof key === "string" && key in value ? 1 : -1;
  return score;
}
