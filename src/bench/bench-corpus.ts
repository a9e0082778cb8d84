// The benchmark's inputs: for each schema, valid instances from json-schema-faker (seeded, kept only
// when the reference Ajv agrees they are valid) and corrupted copies that it rejects. Schemas Ajv or
// a candidate refuses to compile are left out for every subject (and named), so all do the same
// work; a peer that refuses one is left out of that corpus instead (run-bench.ts).
// OpenAPI 3.0 schemas reach every subject as their 2020-12 reading (made here, outside the timing).
import { generateSync, type JsonSchema as FakerSchema } from "json-schema-faker";
import type { Dialect } from "../lite/dialect.js";
import { toDraft2020 } from "../schema/dialects/to-draft2020.js";
import type { JsonSchema } from "../schema/types.js";
import { createReferenceAjv, referenceSchemaOf, type AjvInstance } from "../validators/ajv-validator.js";
import type { BenchSubject, CompileMode } from "./bench-subjects.js";
import { corruptInstance } from "./corrupt-instance.js";

export interface BenchCase {
  readonly schemaId: string;
  readonly schema: object | boolean;
  /** The dialect every subject is told; OpenAPI 3.0 schemas are here as their 2020-12 reading. */
  readonly dialect: CompileMode["dialect"];
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

export interface BenchCorpus {
  readonly cases: readonly BenchCase[];
  readonly excluded: readonly { readonly schemaId: string; readonly reason: string }[];
}

/** A schema to benchmark, as a catalog declares it. */
export interface BenchSchema {
  readonly id: string;
  readonly schema: JsonSchema;
  readonly dialect: Dialect;
}

export interface CorpusOptions {
  readonly seed: number;
  /** Valid instances kept per schema (default 5); as many corrupted ones are made from them. */
  readonly instancesPerSchema?: number;
}

function fakeInstances(schema: object | boolean, isValid: (value: unknown) => boolean, seed: number, wanted: number): unknown[] {
  const kept: unknown[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; attempt < wanted * 4 && kept.length < wanted; attempt += 1) {
    let value: unknown;
    try {
      value = generateSync(schema as FakerSchema, { seed: seed + attempt });
    } catch {
      continue; // json-schema-faker throws on some schemas (see known-divergences): try the next seed
    }
    const key = JSON.stringify(value);
    if (value === undefined || seen.has(key) || !isValid(value)) continue;
    seen.add(key);
    kept.push(value);
  }
  return kept;
}

/** The first subject's refusal to compile the schema (in either task's configuration), if any. */
export async function refusalBy(subjects: readonly BenchSubject[], schema: object | boolean, dialect: CompileMode["dialect"], schemaId: string): Promise<string | null> {
  for (const subject of subjects) {
    for (const allErrors of [false, true]) {
      const mode = { dialect, allErrors, schemaId };
      const copy = structuredClone(schema);
      try {
        await subject.compile(copy, mode);
        subject.forget?.(copy, mode);
      } catch (error) {
        return `${subject.name} refuses it: ${(error as Error).message.split("\n")[0]}`;
      }
    }
  }
  return null;
}

/** The schema every subject is given, and the dialect it is told. */
export function benchReadingOf(schema: JsonSchema, dialect: Dialect): { schema: object | boolean; dialect: CompileMode["dialect"] } {
  if (dialect === "openapi-3.0") return { schema: toDraft2020(schema, dialect).schema as object | boolean, dialect: "draft2020-12" };
  return { schema: schema as object | boolean, dialect };
}

export async function buildBenchCorpus(schemas: readonly BenchSchema[], subjects: readonly BenchSubject[], options: CorpusOptions): Promise<BenchCorpus> {
  const references = new Map<Dialect, AjvInstance>();
  const wanted = options.instancesPerSchema ?? 5;
  const cases: BenchCase[] = [];
  const excluded: { schemaId: string; reason: string }[] = [];
  for (const declared of schemas) {
    const { schema, dialect } = benchReadingOf(declared.schema, declared.dialect);
    const refusal = await refusalBy(subjects.filter((subject) => !subject.peer), schema, dialect, declared.id);
    if (refusal) {
      excluded.push({ schemaId: declared.id, reason: refusal });
      continue;
    }
    let ajv = references.get(dialect);
    if (!ajv) references.set(dialect, (ajv = createReferenceAjv(undefined, true, dialect)));
    const copy = structuredClone(referenceSchemaOf(schema, dialect));
    const validate = ajv.compile(copy);
    if (typeof copy === "object") ajv.removeSchema(copy); // two versions of a tool may share an $id
    const isValid = (value: unknown) => validate(value) === true;
    const valid = fakeInstances(schema, isValid, options.seed, wanted);
    const invalid = valid.map((value, index) => corruptInstance(value, schema, isValid, options.seed + index)).filter((value) => value !== null);
    if (valid.length === 0) excluded.push({ schemaId: declared.id, reason: "json-schema-faker produced no instance Ajv accepts" });
    else cases.push({ schemaId: declared.id, schema, dialect, valid, invalid });
  }
  return { cases, excluded };
}
