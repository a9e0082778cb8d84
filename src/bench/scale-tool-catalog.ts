// A tool catalog of the size real agents carry (2,000 tools): GitHub's operations as tools where the
// OpenAPI description is at hand (operationId, summary, path and query parameters, the request body's
// own properties), generated Kubernetes-shaped tools for the rest. One OpenAI tools list, one file.
import type { JsonSchema } from "../schema/types.js";
import { kubernetesDocument } from "./scale-kubernetes-corpus.js";

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: { name?: string; in?: string; required?: boolean; description?: string; schema?: unknown; $ref?: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

export interface ToolDeclaration {
  readonly type: "function";
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}

/** `count` tools: GitHub operations first (when `description` is given), then generated ones. */
export function scaleToolCatalog(count: number, description: unknown | null): ToolDeclaration[] {
  const tools = description === null ? [] : githubTools(description).slice(0, count);
  for (let index = tools.length; index < count; index++) tools.push(generatedTool(index));
  return tools;
}

function githubTools(description: unknown): ToolDeclaration[] {
  const tools: ToolDeclaration[] = [];
  const seen = new Set<string>();
  const paths = (description as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation?.operationId !== "string") continue;
      const name = operation.operationId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
      if (seen.has(name)) continue;
      seen.add(name);
      tools.push({ type: "function", function: { name, description: operation.summary ?? name, parameters: operationParameters(operation) } });
    }
  }
  return tools;
}

function operationParameters(operation: Operation): JsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    // Shared parameters are `$ref`s into components.parameters: their name is the last token.
    const name = parameter.name ?? parameter.$ref?.split("/").pop();
    if (name === undefined) continue;
    properties[name] = withoutRefs(parameter.schema ?? { type: "string" }, parameter.description);
    if (parameter.required === true) required.push(name);
  }
  const body = operation.requestBody?.content?.["application/json"]?.schema as { properties?: Record<string, unknown>; required?: unknown } | undefined;
  for (const [name, schema] of Object.entries(body?.properties ?? {})) properties[name] = withoutRefs(schema);
  if (Array.isArray(body?.required)) required.push(...body.required.filter((name): name is string => typeof name === "string" && name in properties));
  return { type: "object", properties, ...(required.length > 0 ? { required: [...new Set(required)] } : {}) };
}

/** A tool travels alone, so refs into the description's components become what they name in words. */
function withoutRefs(schema: unknown, description?: string): unknown {
  const copy = JSON.parse(JSON.stringify(schema ?? {}, (key, value: unknown) => (key === "$ref" ? undefined : value))) as Record<string, unknown>;
  return description === undefined || "description" in copy ? copy : { ...copy, description };
}

function generatedTool(index: number): ToolDeclaration {
  const kind = kubernetesDocument(index, 1 + (index % 3), false) as { description: string; definitions: Record<string, unknown> };
  const [spec, ...rest] = Object.entries(kind.definitions);
  // The spec's refs name later definitions of its kind: they travel with it, as a real tool's would.
  const parameters = rest.length > 0 ? { ...(spec![1] as object), definitions: Object.fromEntries(rest) } : (spec![1] as JsonSchema);
  return { type: "function", function: { name: `k8s_tool_${index}`, description: kind.description, parameters } };
}
