// `translate()`: the schema a provider mode receives for a declared schema, with every change made on
// the way: the translation `check` judged, for a gateway to send exactly what the verdict assumed.
import { translateForMode } from "../../providers/translation/translators.js";
import type { Translation } from "../../providers/translation/translation-types.js";
import { readDeclaredDialect, describeUnknownDialect } from "../schema/dialects/declared-dialect.js";
import { CatalogError } from "../schema/catalog-error.js";
import type { Dialect } from "../lite/dialect.js";
import type { DeclaredSchema, JsonSchema } from "../schema/types.js";
import { isDeclaredSchema } from "./catalog-input.js";
import { profilesWith, resolveTargets, type MatrixInput } from "./targets.js";

export interface TranslateApiOptions {
  /** `strip` (default): rewrite or remove what the provider refuses; `reject`: send as declared and list the refusals. */
  readonly unsupported?: "strip" | "reject";
  /** The dialect of a bare schema (default its `$schema`, else draft 2020-12). */
  readonly dialect?: Dialect;
  /** The tool (or response format) name the request fragment carries, for a bare schema (default "schema"). */
  readonly name?: string;
  readonly description?: string;
  readonly matrices?: readonly MatrixInput[];
}

/**
 * Translates one schema for one target (`provider:mode`). A bare JSON Schema is declared with the
 * target's role; a DeclaredSchema (from `loadCatalog`) is translated as it is.
 *
 * @example
 * const { native, changes, rejected } = translate({ type: "object", properties: { n: { type: "integer", minimum: 1 } } }, "openai:chat.tools.strict");
 */
export function translate(schema: JsonSchema | DeclaredSchema, target: string, options: TranslateApiOptions = {}): Translation {
  const [resolved] = resolveTargets(target, profilesWith(options.matrices));
  const declared = isDeclaredSchema(schema) ? schema : declare(schema, resolved!.mode.role, options);
  return translateForMode(declared, resolved!.mode, { unsupported: options.unsupported ?? "strip" });
}

function declare(schema: JsonSchema, role: DeclaredSchema["role"], options: TranslateApiOptions): DeclaredSchema {
  const reading = readDeclaredDialect(schema, undefined, options.dialect);
  if ("unknownSchemaUri" in reading) throw new CatalogError("<schema>", "/$schema", describeUnknownDialect(reading.unknownSchemaUri));
  const name = options.name ?? "schema";
  return {
    id: `inline/${name}`,
    name,
    version: null,
    ...(options.description === undefined ? {} : { description: options.description }),
    source: { file: "<schema>", format: "schema", pointer: "" },
    schema,
    role,
    dialect: reading.dialect,
  };
}
