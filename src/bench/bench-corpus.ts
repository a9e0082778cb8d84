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

/** Instances of a schema left out because the timed validators disagree on them (see agreedInstances). */
export interface DisputedInstances {
  readonly schemaId: string;
  readonly instances: number;
  readonly reason: string;
}

export interface BenchCorpus {
  readonly cases: readonly BenchCase[];
  readonly excluded: readonly { readonly schemaId: string; readonly reason: string }[];
  readonly disputed: readonly DisputedInstances[];
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

/** A validator's verdict, whatever its API returns (Ajv a boolean, lite and others `{ valid }`). */
export function passes(result: unknown): boolean {
  return result === true || (typeof result === "object" && result !== null && (result as { valid?: unknown }).valid === true);
}

/**
 * The instances every referee (Ajv with defaults, lite) judges as the reference does: a value one rejects
 * (json-schema-faker's -914.5500000000001 for multipleOf 0.01: Ajv's float division accepts it,
 * lite's exact decimal test does not) would time its error path in the valid task. Peers and
 * users' modules do not decide. Returns the kept valid and invalid values and how many were left out.
 */
export async function agreedInstances(
  subjects: readonly BenchSubject[],
  schema: object | boolean,
  dialect: CompileMode["dialect"],
  schemaId: string,
  valid: readonly unknown[],
  invalid: readonly unknown[],
): Promise<{ valid: unknown[]; invalid: unknown[]; disputed: string[] }> {
  let keptValid = [...valid];
  let keptInvalid = [...invalid];
  const disputed: string[] = [];
  for (const subject of subjects) {
    const copy = structuredClone(schema);
    const mode = { dialect, allErrors: false, schemaId };
    const validate = await subject.compile(copy, mode);
    const before = keptValid.length + keptInvalid.length;
    keptValid = keptValid.filter((value) => passes(validate(value)));
    keptInvalid = keptInvalid.filter((value) => !passes(validate(value)));
    subject.forget?.(copy, mode);
    if (keptValid.length + keptInvalid.length < before) disputed.push(subject.name);
  }
  return { valid: keptValid, invalid: keptInvalid, disputed };
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
  const disputed: DisputedInstances[] = [];
  const timed = subjects.filter((subject) => !subject.peer);
  const referees = subjects.filter((subject) => subject.referee === true);
  for (const declared of schemas) {
    const { schema, dialect } = benchReadingOf(declared.schema, declared.dialect);
    const refusal = await refusalBy(timed, schema, dialect, declared.id);
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
    const made = fakeInstances(schema, isValid, options.seed, wanted);
    const corrupted = made.map((value, index) => corruptInstance(value, schema, isValid, options.seed + index)).filter((value) => value !== null);
    const { valid, invalid, disputed: by } = await agreedInstances(referees, schema, dialect, declared.id, made, corrupted);
    const left = made.length + corrupted.length - valid.length - invalid.length;
    if (left > 0) disputed.push({ schemaId: declared.id, instances: left, reason: `${by.join(" and ")} judged them otherwise than the reference Ajv` });
    if (made.length === 0) excluded.push({ schemaId: declared.id, reason: "json-schema-faker produced no instance Ajv accepts" });
    else if (valid.length === 0) excluded.push({ schemaId: declared.id, reason: "the timed validators agree on none of its valid instances" });
    else cases.push({ schemaId: declared.id, schema, dialect, valid, invalid });
  }
  return { cases, excluded, disputed };
}
