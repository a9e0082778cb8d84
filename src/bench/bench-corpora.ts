// The benchmark's corpora, each reported on its own: the declared catalogs (suites/catalogs), the
// generated tool-shaped schemas, the real producers' output (zod, zod-to-json-schema, TypeBox) and
// GitHub's OpenAPI component schemas (from the shared corpora folder, when it is there). A corpus
// that cannot be built says why instead of vanishing.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "../package-root.js";
import type { DeclaredSchema } from "../schema/types.js";
import { componentSchemas } from "../schema/openapi-components.js";
import { createReferenceAjv, referenceSchemaOf } from "../validators/ajv-validator.js";
import { agreedInstances, buildBenchCorpus, refusalBy, type BenchCase, type BenchSchema, type CorpusOptions, type DisputedInstances } from "./bench-corpus.js";
import type { BenchSubject } from "./bench-subjects.js";
import { toolShapedCases } from "./tool-shaped-corpus.js";

export interface NamedCorpus {
  readonly name: string;
  readonly description: string;
  readonly cases: readonly BenchCase[];
  readonly excluded: readonly { readonly schemaId: string; readonly reason: string }[];
  readonly disputed: readonly DisputedInstances[];
}

export interface AbsentCorpus {
  readonly name: string;
  readonly reason: string;
}

/** The shared corpora folder: $SCHEMALAB_SHARED_DIR, else `../shared` beside the repository. */
export function sharedDir(): string {
  return process.env.SCHEMALAB_SHARED_DIR ?? fromRoot("..", "shared");
}

export function defaultGithubFile(): string {
  return join(sharedDir(), "corpora", "github-openapi", "api.github.com.json");
}

export interface CorporaOptions extends CorpusOptions {
  readonly catalogs: readonly DeclaredSchema[];
  /** Tool-shaped schemas generated (default 30). */
  readonly toolShapedSchemas?: number;
  /** GitHub's OpenAPI description; components sampled evenly (default 60). */
  readonly githubFile: string;
  readonly githubSample?: number;
  /** Corpora to build (default all). */
  readonly only?: readonly string[];
}

/** Generated tool-shaped cases, each value's verdict confirmed by the reference Ajv; those a subject refuses are left out. */
async function toolShapedCorpus(subjects: readonly BenchSubject[], options: CorporaOptions): Promise<NamedCorpus> {
  const ajv = createReferenceAjv();
  const reference = (schema: object) => {
    const validate = ajv.compile(referenceSchemaOf(structuredClone(schema), "draft2020-12"));
    return (value: unknown) => validate(value) === true;
  };
  const generated = toolShapedCases(options.seed, options.toolShapedSchemas ?? 30, options.instancesPerSchema ?? 5, reference);
  const excluded: { schemaId: string; reason: string }[] = [];
  const disputed: DisputedInstances[] = [];
  const cases: BenchCase[] = [];
  const timed = subjects.filter((subject) => !subject.peer);
  const referees = subjects.filter((subject) => subject.referee === true);
  for (const c of generated) {
    const refusal = await refusalBy(timed, c.schema, "draft2020-12", c.schemaId);
    if (refusal) {
      excluded.push({ schemaId: c.schemaId, reason: refusal });
      continue;
    }
    const { valid, invalid, disputed: by } = await agreedInstances(referees, c.schema, c.dialect, c.schemaId, c.valid, c.invalid);
    const left = c.valid.length + c.invalid.length - valid.length - invalid.length;
    if (left > 0) disputed.push({ schemaId: c.schemaId, instances: left, reason: `${by.join(" and ")} judged them otherwise than the reference Ajv` });
    if (valid.length > 0) cases.push({ ...c, valid, invalid });
    else excluded.push({ schemaId: c.schemaId, reason: "the timed validators agree on none of its valid instances" });
  }
  return { name: "tool-shaped", description: "generated tool schemas (src/bench/tool-shaped-corpus.ts), near-miss failing arguments", cases, excluded, disputed };
}

async function realProducers(subjects: readonly BenchSubject[], options: CorporaOptions): Promise<NamedCorpus | AbsentCorpus> {
  let produced: BenchSchema[];
  try {
    const { realProducerSchemas } = await import("./real-producer-schemas.js");
    produced = realProducerSchemas();
  } catch (error) {
    return { name: "real-producers", reason: `zod, zod-to-json-schema or typebox is not installed (dev dependencies): ${(error as Error).message.split("\n")[0]}` };
  }
  const corpus = await buildBenchCorpus(produced, subjects, options);
  return { name: "real-producers", description: "what zod 4 (draft-4, draft-7, 2020-12, OpenAPI 3.0), zod-to-json-schema and TypeBox emit", ...corpus };
}

async function githubComponents(subjects: readonly BenchSubject[], options: CorporaOptions): Promise<NamedCorpus | AbsentCorpus> {
  if (!existsSync(options.githubFile)) return { name: "github-openapi", reason: `${options.githubFile} is absent (set SCHEMALAB_SHARED_DIR or --github)` };
  const components = componentSchemas(JSON.parse(readFileSync(options.githubFile, "utf8")));
  const sample = options.githubSample ?? 60;
  const step = Math.max(1, Math.floor(components.length / sample));
  const picked = components.filter((_, index) => index % step === 0).slice(0, sample);
  const schemas = picked.map(({ name, schema }) => ({ id: `github/${name}`, schema, dialect: "openapi-3.0" as const }));
  const corpus = await buildBenchCorpus(schemas, subjects, options);
  return { name: "github-openapi", description: `${picked.length} of GitHub's ${components.length} OpenAPI 3.0 component schemas (every ${step}th), refs under definitions`, ...corpus };
}

export async function buildCorpora(subjects: readonly BenchSubject[], options: CorporaOptions): Promise<{ corpora: NamedCorpus[]; absent: AbsentCorpus[] }> {
  const wanted = (name: string) => !options.only || options.only.includes(name);
  const built: (NamedCorpus | AbsentCorpus)[] = [];
  if (wanted("catalogs")) {
    const catalogs = await buildBenchCorpus(options.catalogs.map(({ id, schema, dialect }) => ({ id, schema, dialect })), subjects, options);
    built.push({ name: "catalogs", description: "the declared catalogs (suites/catalogs or --schemas), json-schema-faker instances and corrupted copies", ...catalogs });
  }
  if (wanted("tool-shaped")) built.push(await toolShapedCorpus(subjects, options));
  if (wanted("real-producers")) built.push(await realProducers(subjects, options));
  if (wanted("github-openapi")) built.push(await githubComponents(subjects, options));
  return {
    corpora: built.filter((c): c is NamedCorpus => "cases" in c),
    absent: built.filter((c): c is AbsentCorpus => "reason" in c),
  };
}
