// allOf, anyOf, oneOf, not, if/then/else: subschemas applied to the same value. Branches whose
// failure is not itself an error (anyOf, oneOf, not, if) run quietly first, so a passing value
// builds no error objects; only when the keyword fails are its branches re-run to explain why.
// A failed branch evaluated nothing: its notes for unevaluated* are cut back (ctx.noted = mark).
import { typeBitsOf } from "../json-type.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { explainLeafHere } from "../leaf.js";
import { checkDiscriminator } from "./discriminator.js";
import { allOfChecks, passesQuietly, report, reportWith, type Check, type ValidationContext } from "../validation-context.js";

function branchesOf(cursor: SchemaCursor, keyword: string): Check[] | undefined {
  return cursor.get<unknown[]>(keyword)?.map((schema, i) => cursor.subschema(schema, keyword, i));
}

/** Re-runs branches (up to `end`) out loud, so the failures' errors precede the keyword's own, as in Ajv. */
function explainBranches(branches: readonly Check[], data: unknown, ctx: ValidationContext, end = branches.length): void {
  const mark = ctx.noted;
  for (let i = 0; i < end; i++) branches[i]!(data, ctx);
  ctx.noted = mark;
}

type Predicate = (value: unknown) => boolean;

function someAccepts(acceptors: readonly Predicate[], data: unknown): boolean {
  for (let i = 0; i < acceptors.length; i++) if (acceptors[i]!(data)) return true;
  return false;
}

function compileAnyOf(cursor: SchemaCursor): Check | undefined {
  const branches = branchesOf(cursor, "anyOf");
  if (branches === undefined) return undefined;
  const site = cursor.site("anyOf");
  // Leaf branches ({"type": "null"} making a field nullable) are tested inline first.
  const leaves = branches.map((branch) => cursor.env.leafOf(branch)).filter((leaf) => leaf !== undefined);
  const acceptors = leaves.map((leaf) => leaf.accepts);
  // Every branch a leaf (a nullable enum): their verdicts on a JSON value are exact, so a value none
  // accepts goes straight to the explanation instead of a quiet pass over the same branches, each
  // leaf explained as data (no second test of the value, no call into its closure).
  const allLeaves = leaves.length === branches.length;
  return (data, ctx) => {
    // Every passing branch contributes annotations, so stop early only when none are collected.
    const collecting = ctx.collecting;
    if (!collecting && someAccepts(acceptors, data)) return true;
    if (allLeaves && !collecting && typeBitsOf(data) !== 0) {
      if (!ctx.quiet) for (let i = 0; i < leaves.length; i++) explainLeafHere(leaves[i]!, data, ctx);
      return report(ctx, site);
    }
    let ok = false;
    for (const branch of branches) {
      const mark = ctx.noted;
      if (passesQuietly(branch, data, ctx)) {
        ok = true;
        if (!collecting) return true;
      } else ctx.noted = mark;
    }
    if (ok) return true;
    if (!ctx.quiet) explainBranches(branches, data, ctx);
    return report(ctx, site);
  };
}

function compileOneOf(cursor: SchemaCursor): Check | undefined {
  const branches = branchesOf(cursor, "oneOf");
  if (branches === undefined) return undefined;
  const site = cursor.site("oneOf");
  return (data, ctx) => {
    let passing = -1;
    let secondPassing = -1;
    for (let i = 0; i < branches.length && secondPassing < 0; i++) {
      const mark = ctx.noted;
      if (!passesQuietly(branches[i]!, data, ctx)) ctx.noted = mark;
      else if (passing < 0) passing = i;
      else secondPassing = i;
    }
    if (passing >= 0 && secondPassing < 0) return true;
    // Ajv stops at the second passing branch: only the failures before it are explained.
    if (!ctx.quiet) explainBranches(branches, data, ctx, secondPassing < 0 ? branches.length : secondPassing + 1);
    return reportWith(ctx, site, { passingSchemas: secondPassing < 0 ? null : [passing, secondPassing] });
  };
}

function compileNot(cursor: SchemaCursor): Check | undefined {
  if (!cursor.has("not")) return undefined;
  const check = cursor.subschema(cursor.get("not"), "not");
  const site = cursor.site("not");
  return (data, ctx) => {
    // Whatever `not` evaluated, it never contributes annotations.
    const mark = ctx.noted;
    const passed = passesQuietly(check, data, ctx);
    ctx.noted = mark;
    return !passed || report(ctx, site);
  };
}

function compileIfThenElse(cursor: SchemaCursor): Check | undefined {
  // then/else without if are inert (spec), but must still be valid schemas.
  const [consequent, alternative] = ["then", "else"].map((keyword) => cursor.has(keyword) && cursor.subschema(cursor.get(keyword), keyword));
  if (!cursor.has("if")) return undefined;
  const test = cursor.subschema(cursor.get("if"), "if");
  const thenFailed = cursor.site("if", { failingKeyword: "then" });
  const elseFailed = cursor.site("if", { failingKeyword: "else" });
  return (data, ctx) => {
    const mark = ctx.noted;
    if (passesQuietly(test, data, ctx)) return !consequent || consequent(data, ctx) || report(ctx, thenFailed);
    ctx.noted = mark;
    return !alternative || alternative(data, ctx) || report(ctx, elseFailed);
  };
}

export function compileApplicators(cursor: SchemaCursor): Check[] {
  if (cursor.source.discriminator !== undefined) checkDiscriminator(cursor);
  const allOf = branchesOf(cursor, "allOf");
  const checks = [allOf && allOfChecks(allOf), compileAnyOf(cursor), compileOneOf(cursor), compileNot(cursor), compileIfThenElse(cursor)];
  return checks.filter((check) => check !== undefined);
}
