// The scale corpus on disk, one schema per file as a folder of real-world schemas is: GitHub's
// component schemas and request bodies (when the shared corpus is there), a 2,000-tool catalog in one
// file, and Kubernetes-shaped kinds filling up to the asked count.
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readGithubCorpus } from "./scale-github-corpus.js";
import { kubernetesDocument } from "./scale-kubernetes-corpus.js";
import { scaleToolCatalog } from "./scale-tool-catalog.js";

export interface ScaleCorpusOptions {
  /** Schemas in all (the tool catalog counts one per tool). */
  readonly count: number;
  /** GitHub's OpenAPI description; absent is fine (said in `githubMissing`). */
  readonly githubFile: string;
}

export interface ScaleCorpus {
  readonly folder: string;
  readonly schemas: { readonly github: number; readonly kubernetes: number; readonly tools: number };
  readonly githubMissing?: string;
  readonly bytes: number;
  readonly largest: { readonly file: string; readonly bytes: number };
}

const TOOLS = 2000;

export function writeScaleCorpus(folder: string, options: ScaleCorpusOptions): ScaleCorpus {
  const written: { file: string; bytes: number }[] = [];
  const write = (sub: string, name: string, document: unknown): void => {
    mkdirSync(join(folder, sub), { recursive: true });
    const file = join(folder, sub, name);
    writeFileSync(file, JSON.stringify(document));
    written.push({ file, bytes: statSync(file).size });
  };
  const github = readGithubCorpus(options.githubFile);
  const description = "documents" in github ? JSON.parse(readFileSync(options.githubFile, "utf8")) : null;
  const tools = Math.min(TOOLS, Math.floor(options.count / 5));
  const githubDocuments = "documents" in github ? github.documents.slice(0, Math.max(0, options.count - tools)) : [];
  const names = new Set<string>();
  for (const document of githubDocuments) {
    // Operation paths can collide once made file-safe: number the later ones.
    let name = document.name;
    for (let copy = 2; names.has(name); copy++) name = document.name.replace(/\.json$/, `-${copy}.json`);
    names.add(name);
    write("github", name, document.schema);
  }
  if (tools > 0) write("tools", "catalog.json", scaleToolCatalog(tools, description));
  const kubernetes = Math.max(0, options.count - tools - githubDocuments.length);
  for (let index = 0; index < kubernetes; index++) {
    // Mostly small kinds, now and then a large one: definitions 1 to 25, skewed low as in the wild.
    const share = ((index * 2654435761) >>> 0) / 4294967296;
    write("kubernetes", `kind-${String(index).padStart(5, "0")}.json`, kubernetesDocument(index, 1 + Math.floor(share ** 3 * 25)));
  }
  const largest = written.reduce((top, entry) => (entry.bytes > top.bytes ? entry : top), { file: "", bytes: 0 });
  return {
    folder,
    schemas: { github: githubDocuments.length, kubernetes, tools },
    ...("missing" in github ? { githubMissing: github.missing } : {}),
    bytes: written.reduce((sum, entry) => sum + entry.bytes, 0),
    largest,
  };
}
