// The real part of the scale corpus: GitHub's OpenAPI description. Each component schema becomes a
// document of its own holding the components it reaches under `$defs` (or, every other one, draft-07
// `definitions`), with refs rewritten to point there; each JSON request body becomes one too.
import { existsSync, readFileSync } from "node:fs";
import { encodePointerToken } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";

export interface ScaleDocument {
  /** File name inside the corpus folder (one document per file). */
  readonly name: string;
  readonly schema: JsonSchema;
}

const COMPONENT_REF = "#/components/schemas/";

type Components = Record<string, unknown>;

/** The GitHub description's documents, or null (with the reason) when the file is absent or unreadable. */
export function readGithubCorpus(file: string): { documents: ScaleDocument[] } | { missing: string } {
  if (!existsSync(file)) return { missing: `${file} is absent` };
  let description: unknown;
  try {
    description = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return { missing: `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const components = (description as { components?: { schemas?: Components } }).components?.schemas;
  if (components === undefined || components === null || typeof components !== "object") return { missing: `${file} has no components.schemas` };
  return { documents: [...componentDocuments(components), ...requestBodyDocuments(description, components)] };
}

function componentDocuments(components: Components): ScaleDocument[] {
  return Object.entries(components).map(([name, schema], index) =>
    documentFor(`github-component-${safeName(name)}`, schema, components, index % 2 === 0 ? "$defs" : "definitions"),
  );
}

function requestBodyDocuments(description: unknown, components: Components): ScaleDocument[] {
  const documents: ScaleDocument[] = [];
  const paths = (description as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const schema = (operation as { requestBody?: { content?: Record<string, { schema?: unknown }> } } | null)?.requestBody?.content?.["application/json"]?.schema;
      if (schema === undefined) continue;
      const name = `github-body-${method}-${safeName(path)}`;
      documents.push(documentFor(name, schema, components, documents.length % 2 === 0 ? "$defs" : "definitions"));
    }
  }
  return documents;
}

/** The schema with every component it reaches (transitively) under `container`, refs rewritten. */
function documentFor(name: string, schema: unknown, components: Components, container: "$defs" | "definitions"): ScaleDocument {
  const reached = reachedComponents(schema, components);
  const rewrite = (value: unknown): unknown => rewriteRefs(value, container);
  const root = { ...(rewrite(schema) as Record<string, unknown>) };
  if (container === "definitions") root.$schema = "http://json-schema.org/draft-07/schema#";
  if (reached.length > 0) root[container] = Object.fromEntries(reached.map((component) => [component, rewrite(components[component])]));
  return { name: `${name}.json`, schema: root };
}

function reachedComponents(schema: unknown, components: Components): string[] {
  const reached = new Set<string>();
  const pending = [schema];
  while (pending.length > 0) {
    for (const ref of refsIn(pending.pop())) {
      const component = ref.startsWith(COMPONENT_REF) ? ref.slice(COMPONENT_REF.length) : null;
      if (component === null || reached.has(component) || !(component in components)) continue;
      reached.add(component);
      pending.push(components[component]);
    }
  }
  return [...reached].sort();
}

function refsIn(value: unknown): string[] {
  const refs: string[] = [];
  const pending = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (Array.isArray(current)) pending.push(...current);
    else if (current !== null && typeof current === "object") {
      for (const [key, inner] of Object.entries(current)) {
        if (key === "$ref" && typeof inner === "string") refs.push(inner);
        else pending.push(inner);
      }
    }
  }
  return refs;
}

function rewriteRefs(value: unknown, container: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, container));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENT_REF)
        ? [key, `#/${container}/${encodePointerToken(inner.slice(COMPONENT_REF.length))}`]
        : [key, rewriteRefs(inner, container)],
    ),
  );
}

const safeName = (text: string): string => text.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 100) || "root";
