// The validators a user would pick instead of Ajv or lite, each as its README shows it, at its
// default settings: @cfworker/json-schema (an interpreter: `new Validator(schema, draft)`),
// @exodus/schemasafe (compiles to a function) and @hyperjump/json-schema (compiles to an AST, async).
// They are dev dependencies: an installed package without them benchmarks without them, and says so.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchSubject, BenchValidator, CompileMode } from "./bench-subjects.js";

/** The installed version, read from the package.json above the module an entry point resolves to (not every package exports its package.json). */
function versionOf(name: string, entry = name): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(entry)));
  while (!existsSync(join(dir, "package.json")) || (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string }).name !== name) {
    const parent = dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

const CFWORKER_DRAFT: Readonly<Record<CompileMode["dialect"], string>> = { draft4: "4", draft6: "7", draft7: "7", "draft2019-09": "2019-09", "draft2020-12": "2020-12" };

async function cfworkerSubject(): Promise<BenchSubject> {
  const { Validator } = await import("@cfworker/json-schema");
  return {
    name: `@cfworker/json-schema@${versionOf("@cfworker/json-schema")}`,
    peer: true,
    setup: "new Validator(schema, draft, shortCircuit) (shortCircuit false for the invalid task); formats asserted by default",
    compile(schema, mode) {
      const validator = new Validator(schema as object, CFWORKER_DRAFT[mode.dialect] as "2020-12", !mode.allErrors);
      return (value) => validator.validate(value).valid;
    },
  };
}

const SCHEMASAFE_DRAFT: Readonly<Record<CompileMode["dialect"], string>> = {
  draft4: "http://json-schema.org/draft-04/schema#",
  draft6: "http://json-schema.org/draft-06/schema#",
  draft7: "http://json-schema.org/draft-07/schema#",
  "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
};

async function schemasafeSubject(): Promise<BenchSubject> {
  const { validator } = await import("@exodus/schemasafe");
  const lax = new Set<string>();
  return {
    name: `@exodus/schemasafe@${versionOf("@exodus/schemasafe")}`,
    peer: true,
    setup: "validator(schema, { $schemaDefault }) (+ { includeErrors, allErrors } for the invalid task); default mode, { mode: \"lax\" } where it refuses a schema",
    compile(schema, mode) {
      const options = { $schemaDefault: SCHEMASAFE_DRAFT[mode.dialect], ...(mode.allErrors ? { includeErrors: true, allErrors: true } : {}) };
      const body = schema as Parameters<typeof validator>[0];
      if (lax.has(mode.schemaId)) return validator(body, { ...options, mode: "lax" }) as BenchValidator;
      try {
        return validator(body, options) as BenchValidator;
      } catch {
        // Unknown keywords (vendor extensions) are refused by default; a user meeting that passes lax mode.
        const compiled = validator(body, { ...options, mode: "lax" }) as BenchValidator;
        lax.add(mode.schemaId);
        return compiled;
      }
    },
  };
}

const HYPERJUMP_MODULE: Readonly<Record<CompileMode["dialect"], string>> = {
  draft4: "@hyperjump/json-schema/draft-04",
  draft6: "@hyperjump/json-schema/draft-06",
  draft7: "@hyperjump/json-schema/draft-07",
  "draft2019-09": "@hyperjump/json-schema/draft-2019-09",
  "draft2020-12": "@hyperjump/json-schema/draft-2020-12",
};

interface Hyperjump {
  registerSchema(schema: unknown, uri: string, dialect: string): void;
  unregisterSchema(uri: string): void;
  validate(uri: string): Promise<(value: unknown, output?: string) => { valid: boolean }>;
}

async function hyperjumpSubject(): Promise<BenchSubject> {
  const api = {} as Hyperjump;
  for (const module of Object.values(HYPERJUMP_MODULE)) Object.assign(api, (await import(module)) as Hyperjump);
  const registered = new WeakMap<object, string>();
  let serial = 0;
  return {
    name: `@hyperjump/json-schema@${versionOf("@hyperjump/json-schema", "@hyperjump/json-schema/draft-2020-12")}`,
    peer: true,
    asyncCompile: true,
    setup: "registerSchema(schema, uri, dialect); await validate(uri) compiles once; output BASIC for the invalid task; formats are annotations",
    async compile(schema, mode) {
      const uri = `https://bench.schemalab.invalid/${encodeURIComponent(mode.schemaId)}/${(serial += 1)}`;
      const body = typeof schema === "object" ? { ...(schema as object) } : schema;
      if (typeof body === "object") delete (body as Record<string, unknown>).$id;
      api.registerSchema(body, uri, SCHEMASAFE_DRAFT[mode.dialect]!.replace(/#$/, ""));
      if (typeof schema === "object") registered.set(schema, uri);
      const validate = await api.validate(uri);
      return mode.allErrors ? (value) => validate(value, "BASIC") : (value) => validate(value);
    },
    forget(schema) {
      const uri = typeof schema === "object" ? registered.get(schema) : undefined;
      if (uri) api.unregisterSchema(uri);
    },
  };
}

/** The peers that are installed; each missing one named in `absent`. */
export async function peerSubjects(): Promise<{ subjects: BenchSubject[]; absent: string[] }> {
  const subjects: BenchSubject[] = [];
  const absent: string[] = [];
  for (const [name, load] of [["@cfworker/json-schema", cfworkerSubject], ["@exodus/schemasafe", schemasafeSubject], ["@hyperjump/json-schema", hyperjumpSubject]] as const) {
    try {
      subjects.push(await load());
    } catch (error) {
      absent.push(`${name}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  return { subjects, absent };
}
