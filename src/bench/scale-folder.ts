// A folder shaped like the real-world corpus (JSONSchemaBench is not shipped): one schema per
// file, GitHub's 969 OpenAPI component schemas (real, when the shared corpus is there), the schemas
// real producers emit (zod, zod-to-json-schema, TypeBox, Pydantic), GitHub operations as OpenAI tools,
// then deterministic Kubernetes-shaped kinds up to the asked count, plus a few files that are not
// schemas (an object with one unknown key) that check must list without losing the others' results.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "../package-root.js";
import { readGithubCorpus } from "./scale-github-corpus.js";
import { kubernetesDocument } from "./scale-kubernetes-corpus.js";
import { scaleToolCatalog } from "./scale-tool-catalog.js";

export interface ScaleFolderOptions {
  /** Good schema files in all. */
  readonly good: number;
  /** Files that are not schemas. */
  readonly bad: number;
  /** GitHub's OpenAPI description; absent is fine (said in `githubMissing`, generated kinds fill in). */
  readonly githubFile: string;
  /** GitHub operations as one-tool files (default 1,000). */
  readonly tools?: number;
}

export interface ScaleFolder {
  readonly folder: string;
  readonly files: { readonly github: number; readonly producers: number; readonly tools: number; readonly kubernetes: number; readonly bad: number };
  readonly badFiles: readonly string[];
  readonly githubMissing?: string;
}

const GITHUB_COMPONENTS = 969;

/** Producer outputs: loaded on demand (dev dependencies), and Pydantic's committed catalog. */
async function producerSchemas(): Promise<{ id: string; schema: unknown }[]> {
  const { realProducerSchemas } = await import("./real-producer-schemas.js");
  const produced: { id: string; schema: unknown }[] = realProducerSchemas().map(({ id, schema }) => ({ id, schema }));
  const pydantic = JSON.parse(readFileSync(fromRoot("suites", "producers", "pydantic-catalog.json"), "utf8")) as { tools: { tools: { name: string; inputSchema: unknown }[] } };
  for (const tool of pydantic.tools.tools) produced.push({ id: `pydantic/${tool.name}`, schema: tool.inputSchema });
  return produced;
}

export async function writeScaleFolder(folder: string, options: ScaleFolderOptions): Promise<ScaleFolder> {
  const write = (sub: string, name: string, document: unknown): void => {
    mkdirSync(join(folder, sub), { recursive: true });
    writeFileSync(join(folder, sub, name), JSON.stringify(document));
  };
  const safe = (name: string): string => name.replace(/[^A-Za-z0-9_.-]/g, "_");
  let left = options.good;
  const github = readGithubCorpus(options.githubFile);
  const components = "documents" in github ? github.documents.filter((document) => document.name.startsWith("github-component-")).slice(0, Math.min(left, GITHUB_COMPONENTS)) : [];
  for (const document of components) write("github", document.name, document.schema);
  left -= components.length;
  const produced = (await producerSchemas()).slice(0, left);
  for (const { id, schema } of produced) write("producers", `${safe(id)}.json`, schema);
  left -= produced.length;
  const description = "documents" in github ? JSON.parse(readFileSync(options.githubFile, "utf8")) : null;
  const tools = scaleToolCatalog(Math.min(left, options.tools ?? 1000), description);
  tools.forEach((tool, index) => write("tools", `${String(index).padStart(5, "0")}-${safe(tool.function.name)}.json`, [tool]));
  left -= tools.length;
  for (let index = 0; index < left; index++) {
    // Mostly small kinds, now and then a large one (definitions 1 to 25, skewed low as in the wild).
    const share = ((index * 2654435761) >>> 0) / 4294967296;
    write("kubernetes", `kind-${String(index).padStart(5, "0")}.json`, kubernetesDocument(index, 1 + Math.floor(share ** 3 * 25)));
  }
  const badFiles: string[] = [];
  for (let index = 0; index < options.bad; index++) {
    const name = `not-a-schema-${index}.json`;
    write("bad", name, { [`unknown_${index}`]: { type: "object" } });
    badFiles.push(join(folder, "bad", name));
  }
  return {
    folder,
    files: { github: components.length, producers: produced.length, tools: tools.length, kubernetes: left, bad: options.bad },
    badFiles,
    ...("missing" in github ? { githubMissing: github.missing } : {}),
  };
}
