// One Ajv per JSON Schema dialect for the emulator's judge, chosen by the root's `$schema`: the SDKs'
// zod helpers send draft-07 (`http://json-schema.org/draft-07/schema#`) or 2020-12, and the providers
// take both. `$schema` is read for the dialect, then dropped before compiling, so its spelling (http or
// https, with or without `#`) never reaches Ajv's meta-schema lookup. An unknown URI reads as 2020-12.
import AjvModule from "ajv";
import Ajv2019Module from "ajv/dist/2019.js";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { createRequire } from "node:module";
import { dialectOfSchemaUri, type Dialect } from "../src/lite/dialect.js";

// ajv and ajv-formats are CommonJS: under NodeNext the class sits on `.default`.
const Ajv07 = AjvModule.default;
const Ajv2019 = Ajv2019Module.default;
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type DialectAjv = InstanceType<typeof Ajv2020> | InstanceType<typeof Ajv07>;

/** The JSON Schema dialects the emulator validates with; draft-04 reads as draft-07 (no draft-04 Ajv here). */
export type JudgedDialect = "draft6" | "draft7" | "draft2019-09" | "draft2020-12";

// allErrors: true keeps the generated code flat; without it Ajv nests one block per property and a
// schema of ~1,900 properties overflows the stack (limit probes send 5,000).
const OPTIONS = { strict: false, allErrors: true, logger: false, validateFormats: true } as const;

export function judgedDialect(schema: unknown): JudgedDialect {
  const uri = schema !== null && typeof schema === "object" ? (schema as { $schema?: unknown }).$schema : undefined;
  const dialect: Dialect | undefined = typeof uri === "string" ? dialectOfSchemaUri(uri) : undefined;
  if (dialect === "draft4" || dialect === "draft7") return "draft7";
  if (dialect === "draft6" || dialect === "draft2019-09") return dialect;
  return "draft2020-12";
}

/** The schema as Ajv compiles it: the root's `$schema` removed (it chose the Ajv already). */
export function withoutSchemaUri<T>(schema: T): T {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema) || !("$schema" in schema)) return schema;
  const { $schema: _dropped, ...rest } = schema as Record<string, unknown>;
  return rest as T;
}

/** A lazily built Ajv per dialect, each with formats. */
export function createDialectAjvs(): (dialect: JudgedDialect) => DialectAjv {
  const made = new Map<JudgedDialect, DialectAjv>();
  return (dialect) => {
    let ajv = made.get(dialect);
    if (ajv === undefined) {
      ajv = build(dialect);
      made.set(dialect, ajv);
    }
    return ajv;
  };
}

function build(dialect: JudgedDialect): DialectAjv {
  if (dialect === "draft2020-12") return withFormats(new Ajv2020(OPTIONS));
  if (dialect === "draft2019-09") return withFormats(new Ajv2019(OPTIONS));
  const ajv = new Ajv07(OPTIONS);
  if (dialect === "draft6") ajv.addMetaSchema(createRequire(import.meta.url)("ajv/dist/refs/json-schema-draft-06.json") as object);
  return withFormats(ajv);
}

function withFormats<A extends DialectAjv>(ajv: A): A {
  addFormats(ajv as InstanceType<typeof Ajv07>);
  return ajv;
}
