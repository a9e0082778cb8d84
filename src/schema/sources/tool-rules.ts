// The rules a tool list must meet before any schema keyword matters: MCP's own (an object at the
// root of inputSchema, a valid outputSchema, unique names) and each provider's rule on tool names.
// A request carries every tool at once, so one tool that breaks a rule fails the whole request on
// that target: each finding names the targets it takes down.
import { compile, InvalidSchemaError } from "../../lite/index.js";
import type { Dialect } from "../../lite/dialect.js";
import type { DeclaredSchema, JsonSchema } from "../types.js";

export type WholeRequestTarget = "openai" | "anthropic" | "google" | "mcp-sdk";

export interface ToolRuleFinding {
  readonly schemaId: string;
  readonly tool: string;
  readonly rule: string;
  /** error: some target refuses it; warning: a SHOULD of the MCP specification. */
  readonly severity: "error" | "warning";
  readonly message: string;
  /** Targets on which this one tool makes the whole request (every tool with it) fail. */
  readonly failsWholeRequestOn: readonly WholeRequestTarget[];
}

/** Tool-name rules as each provider documents them (shared/providers.md, provider-facts-audit.md). */
export const TOOL_NAME_RULES: readonly { readonly target: WholeRequestTarget; readonly pattern: RegExp; readonly says: string }[] = [
  { target: "openai", pattern: /^[a-zA-Z0-9_-]{1,64}$/, says: "OpenAI: a-z, A-Z, 0-9, _ and -, at most 64 (^[a-zA-Z0-9_-]{1,64}$)" },
  { target: "anthropic", pattern: /^[a-zA-Z0-9_-]{1,64}$/, says: "Anthropic: ^[a-zA-Z0-9_-]{1,64}$" },
  { target: "google", pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/, says: "Gemini: starts with a letter or _, then a-z, A-Z, 0-9, _ . : -, at most 128" },
];
// MCP 2025-11-25: tool names SHOULD be 1 to 128 of A-Z a-z 0-9 _ - . (no spaces, commas or other characters).
const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function isObjectRoot(schema: JsonSchema): boolean {
  if (!isObject(schema)) return false;
  return schema.type === "object" || (typeof schema.type === "string" && schema.type.toLowerCase() === "object");
}

function brief(schema: JsonSchema): string {
  const text = JSON.stringify(schema);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Every rule finding of one catalog's declarations (an MCP server's, a module's), in tool order. */
export function checkToolRules(declared: readonly DeclaredSchema[]): ToolRuleFinding[] {
  const findings: ToolRuleFinding[] = [];
  const seen = new Map<string, string>();
  for (const schema of declared) {
    const add = (rule: string, severity: ToolRuleFinding["severity"], message: string, failsWholeRequestOn: WholeRequestTarget[]) =>
      findings.push({ schemaId: schema.id, tool: schema.name, rule, severity, message, failsWholeRequestOn });
    if (schema.role !== "tool-input") {
      outputRules(schema, add);
      continue;
    }
    if (seen.has(schema.name)) add("unique-name", "error", `a second tool named "${schema.name}"`, ["openai", "anthropic", "google"]);
    seen.set(schema.name, schema.id);
    for (const rule of TOOL_NAME_RULES) if (!rule.pattern.test(schema.name)) add(`tool-name:${rule.target}`, "error", `the name breaks ${rule.says}`, [rule.target]);
    if (!MCP_NAME.test(schema.name)) add("tool-name:mcp", "warning", "MCP: tool names SHOULD be 1 to 128 of A-Z a-z 0-9 _ - .", []);
    if (!isObjectRoot(schema.schema)) {
      const empty = isObject(schema.schema) && Object.keys(schema.schema).every((keyword) => keyword === "$schema");
      const why = empty ? "an empty schema (only $schema): the producer lost the tool's parameters (e.g. zod 4 schemas given to zod-to-json-schema 3)" : `root is ${brief(schema.schema)}`;
      add("input-root-object", "error", `inputSchema has no type "object" at its root: ${why}; the MCP TypeScript SDK client refuses the whole tools/list`, ["mcp-sdk", "openai", "anthropic", "google"]);
    } else if (!isObject((schema.schema as Record<string, unknown>).properties)) {
      add("input-properties", "warning", 'inputSchema declares no "properties": OpenAI strict mode refuses an object schema without them (write "properties": {})', []);
    }
  }
  return findings;
}

function outputRules(schema: DeclaredSchema, add: (rule: string, severity: ToolRuleFinding["severity"], message: string, on: WholeRequestTarget[]) => void): void {
  if (!isObjectRoot(schema.schema)) add("output-root-object", "error", `outputSchema must have type "object" at its root (MCP): root is ${brief(schema.schema)}`, ["mcp-sdk"]);
  const problem = malformed(schema.schema, schema.dialect);
  if (problem !== undefined) add("output-schema-valid", "error", `outputSchema is not a valid schema: ${problem}; clients that check structuredContent against it cannot`, ["mcp-sdk"]);
}

/** Why the schema is malformed (a wrong keyword value, a dangling $ref), or undefined; what lite merely does not support is no fault. */
function malformed(schema: JsonSchema, dialect: Dialect): string | undefined {
  try {
    compile(schema, { dialect, unknownKeywords: "annotate" });
    return undefined;
  } catch (error) {
    return error instanceof InvalidSchemaError ? error.message : undefined;
  }
}

/** One line per finding, as stderr and the reports state it (a finding read back from JSON has plain target names). */
export function formatToolRuleFinding(finding: Omit<ToolRuleFinding, "failsWholeRequestOn"> & { readonly failsWholeRequestOn: readonly string[] }): string {
  const mark = finding.severity === "error" ? "✗" : "!";
  const whole = finding.failsWholeRequestOn.filter((target) => target !== "mcp-sdk");
  const consequence = whole.length > 0 ? `: this one tool makes the whole request fail on ${whole.join(", ")}` : "";
  return `${mark} ${finding.schemaId}: ${finding.rule}: ${finding.message}${consequence}`;
}
