// Which dialect reads a schema: the root's (options.dialect, else its `$schema`, else draft 2020-12)
// and a resource's own `$schema`. An entry point brings the dialect rules it reads (schemalab/lite
// all of them, schemalab/lite/core draft 2020-12 only), so a bundler can leave the others out; a
// dialect the entry point lacks, and a `$schema` naming no dialect, are refused by name.
import { DEFAULT_DIALECT, dialectOfSchemaUri, type Dialect } from "./dialect.js";
import type { DialectRules, RulesOf } from "./dialect-rules.js";
import { isSchemaObject } from "./schema-registry.js";
import { UnsupportedSchemaError, type CompileOptions } from "./types.js";

/** The dialect rules an entry point reads (draft 2020-12 at least, the default). */
export type DialectTable = Readonly<Partial<Record<Dialect, DialectRules>>> & { readonly "draft2020-12": DialectRules };

/** Looks dialects up in `table`; one it lacks is refused, naming the entry point that has it. */
export function rulesLookup(table: DialectTable, entry: string): RulesOf {
  return (dialect, path) => {
    const rules = table[dialect];
    if (rules !== undefined) return rules;
    const where = path === "" ? "options.dialect" : `${path}/$schema`;
    throw new UnsupportedSchemaError(path === "" ? "dialect" : "$schema", path === "" ? "" : where, `${entry} does not read ${dialect} (schemalab/lite reads every dialect)`);
  };
}

/** A `$schema` lite cannot read is refused by name: a custom metaschema may switch vocabularies off. */
export function checkSchemaUri(schema: Readonly<Record<string, unknown>>, path: string): void {
  const uri = schema.$schema;
  if (typeof uri === "string" && dialectOfSchemaUri(uri) === undefined) {
    throw new UnsupportedSchemaError("$schema", `${path}/$schema`, `unknown dialect "${uri}"`);
  }
}

/** The root's dialect: options.dialect, else its `$schema`, else draft 2020-12. */
export function rootRules(root: unknown, options: CompileOptions, rulesOf: RulesOf): DialectRules {
  // Even options.dialect cannot read a custom metaschema: it may switch vocabularies off.
  if (isSchemaObject(root)) checkSchemaUri(root, "#");
  if (options.dialect !== undefined) return rulesOf(options.dialect, "");
  if (isSchemaObject(root)) {
    const dialect = typeof root.$schema === "string" ? dialectOfSchemaUri(root.$schema) : undefined;
    if (dialect !== undefined) return rulesOf(dialect, "#");
  }
  return rulesOf(DEFAULT_DIALECT, "#");
}
