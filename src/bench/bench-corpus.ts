// The benchmark's inputs: for each declared schema, valid instances from json-schema-faker (seeded,
// kept only when Ajv agrees they are valid) and corrupted copies that Ajv rejects. Schemas any
// subject refuses to compile are left out for every subject, so all of them do the same work.
import { generateSync, type JsonSchema as FakerSchema } from "json-schema-faker";
import type { DeclaredSchema } from "../schema/types.js";
import { createReferenceAjv } from "../validators/ajv-validator.js";
import type { BenchSubject } from "./bench-subjects.js";
import { corruptInstance } from "./corrupt-instance.js";

export interface BenchCase {
  readonly schemaId: string;
  readonly schema: object | boolean;
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

export interface BenchCorpus {
  readonly cases: readonly BenchCase[];
  readonly excluded: readonly { readonly schemaId: string; readonly reason: string }[];
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

/** The first subject's refusal to compile the schema, if any. */
export function refusalBy(subjects: readonly BenchSubject[], schema: object | boolean): string | null {
  for (const subject of subjects) {
    try {
      subject.compile(structuredClone(schema));
      subject.forget?.(schema);
    } catch (error) {
      return `${subject.name} refuses it: ${(error as Error).message}`;
    }
  }
  return null;
}

export function buildBenchCorpus(schemas: readonly DeclaredSchema[], subjects: readonly BenchSubject[], options: CorpusOptions): BenchCorpus {
  const ajv = createReferenceAjv();
  const wanted = options.instancesPerSchema ?? 5;
  const cases: BenchCase[] = [];
  const excluded: { schemaId: string; reason: string }[] = [];
  for (const declared of schemas) {
    const schema = declared.schema;
    const refusal = refusalBy(subjects, schema);
    if (refusal) {
      excluded.push({ schemaId: declared.id, reason: refusal });
      continue;
    }
    const copy = structuredClone(schema);
    const validate = ajv.compile(copy);
    if (typeof copy === "object") ajv.removeSchema(copy); // two versions of a tool may share an $id
    const isValid = (value: unknown) => validate(value) === true;
    const valid = fakeInstances(schema, isValid, options.seed, wanted);
    const invalid = valid.map((value, index) => corruptInstance(value, schema, isValid, options.seed + index)).filter((value) => value !== null);
    if (valid.length === 0) excluded.push({ schemaId: declared.id, reason: "json-schema-faker produced no instance Ajv accepts" });
    else cases.push({ schemaId: declared.id, schema, valid, invalid });
  }
  return { cases, excluded };
}
