// Writes providers/bedrock/profile.json from providers/anthropic/profile.json: Bedrock passes Claude's
// JSON Schema rules through (its structured-output guide points to the supported Draft 2020-12 subset
// and answers unsupported features with a 400), so each Bedrock mode takes the matching Messages mode's
// cells and citations, with the facts observed on Bedrock itself cited in their place and every error
// text in Bedrock's form ("The model returned the following errors: " + Claude's text).
// Run: node scripts/derive-bedrock-profile.mjs (after a change to the Anthropic profile or below).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const anthropic = JSON.parse(readFileSync(`${root}providers/anthropic/profile.json`, "utf8"));
const READ = "2026-12-02";
const PREFIX = "The model returned the following errors: ";
const GUIDE = "https://docs.aws.amazon.com/bedrock/latest/userguide/structured-output.html";
const PASSED = `Claude's rule, passed through by Bedrock (${GUIDE})`;

const cite = (source, quote, evidence, note) => ({ source, quote, date: READ, evidence, ...(note ? { note } : {}) });

/** Facts read on Bedrock (or about Bedrock) that replace the Anthropic citation of the same cell. */
const STRICT_TOOL_FACTS = {
  maxItems: cite("https://github.com/BerriAI/litellm/pull/39115", "The model returned the following errors: tools.1.custom: For 'array' type, property 'maxItems' is not supported", "observed", "Bedrock Converse with strict tools, Sonnet 4.6 / Haiku 4.5 / Opus 4.6"),
  "$ref:recursive": cite("https://github.com/langchain4j/langchain4j/pull/5097", "Internal JSON Schema references/definitions are supported; recursive schemas are not.", "observed", "a reading of the Bedrock structured-outputs guide; the text is Claude's (Circular reference detected ...)"),
  oneOf: cite("https://github.com/strands-agents/harness-sdk/pull/2822", "Contain `oneOf` in their JSON schema", "observed", "with strict tools the Converse call fails with a ValidationException"),
  "additionalProperties:true": cite("https://github.com/strands-agents/harness-sdk/pull/4181", "AWS lists *\"additionalProperties set to anything other than false\"* as unsupported under strict and returns *\"a 400 error immediately\"*.", "observed", `quoting ${GUIDE}`),
};
const FORMAT_FACTS = {
  maxItems: cite("https://github.com/vercel/ai/issues/17197", "output_config.format.schema: For 'array' type, property 'maxItems' is not supported", "observed", "Bedrock, Claude Sonnet 4.5, native structured output"),
  "$ref:recursive": STRICT_TOOL_FACTS["$ref:recursive"],
  "additionalProperties:true": STRICT_TOOL_FACTS["additionalProperties:true"],
};

const STRICT_RULES = cite("https://github.com/vercel/ai/issues/20681", "**400** `tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false`", "observed", "raw Converse with SigV4, strict true, jp.anthropic.claude-haiku-4-5; a nested open object gets the same 400");
const CONVERSE_FORMAT_RULES = cite("https://github.com/future-agi/future-agi/pull/412", "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false", "observed", "Converse outputConfig.textFormat: Bedrock hands Claude the schema as output_config.format");
const INVOKE_FORMAT_RULES = cite("https://github.com/BerriAI/litellm/pull/31237", "AWS Bedrock Invoke requires `additionalProperties: false` on every object", "observed");
const STRICT_LIMITS = cite("https://github.com/strands-agents/harness-sdk/pull/2822", "Collectively have >24 optional parameters across all tools", "observed", "per request, as Claude counts them; the texts are Claude's, prefixed [approximation for the tool-count and union texts]");
const CONVERSE_TOOLS = cite(GUIDE, "Add the strict: true flag to tool definitions to enable schema validation on tool names and inputs.", "documented", "without strict the input schema guides Claude but is not enforced");
const CONVERSE_FORMAT = cite(GUIDE, "For Converse APIs, use the outputConfig.textFormat request field. The model's response will conform to the specified JSON schema.", "documented");
const INVOKE_FORMAT = cite(GUIDE, "For InvokeModel API with Anthropic Claude models, use the output_config.format request field.", "documented", "the output_format field is deprecated in favour of output_config.format");

const COVERAGE =
  "Model coverage (AWS, Feb 2026): Claude Haiku 4.5, Sonnet 4.5, Opus 4.5, Opus 4.6 and select open-weight models (Qwen, DeepSeek, Mistral, Gemma, Nemotron, MiniMax, Kimi); this profile holds Claude's rules, open-weight models' subsets are not documented per keyword [approximation].";

const MODES = [
  { mode: "converse.tools", from: "messages.tools", api: "converse", description: "Converse toolConfig tool (toolSpec.inputSchema.json), no strict, toolChoice names the tool: the schema guides the model but is not enforced.", request: converseTool({}), ruleSource: CONVERSE_TOOLS },
  { mode: "converse.tools.strict", from: "messages.tools.strict", api: "converse", description: `Converse toolConfig tool with strict: true, toolChoice names it: Claude's strict tool use through Bedrock. ${COVERAGE}`, request: converseTool({ strict: true }), ruleSource: STRICT_RULES, limitSource: STRICT_LIMITS, facts: STRICT_TOOL_FACTS },
  { mode: "converse.outputConfig.textFormat", from: "messages.output_config.format", api: "converse", description: `Converse outputConfig.textFormat json_schema (the schema as a JSON string in structure.jsonSchema.schema). ${COVERAGE}`, request: { fragment: { outputConfig: { textFormat: { type: "json_schema", structure: { jsonSchema: {} } } } }, schemaAt: "/outputConfig/textFormat/structure/jsonSchema/schema", nameAt: "/outputConfig/textFormat/structure/jsonSchema/name", descriptionAt: "/outputConfig/textFormat/structure/jsonSchema/description", schemaEncoding: "json-string" }, ruleSource: CONVERSE_FORMAT_RULES, limitSource: CONVERSE_FORMAT, facts: FORMAT_FACTS },
  { mode: "invoke.claude.tools", from: "messages.tools", api: "invoke", description: "InvokeModel with Claude's Messages body (anthropic_version bedrock-2023-05-31), a tool without strict, tool_choice names it.", request: invokeTool({}), ruleSource: CONVERSE_TOOLS },
  { mode: "invoke.claude.tools.strict", from: "messages.tools.strict", api: "invoke", description: "InvokeModel with Claude's Messages body, a tool with strict: true, tool_choice names it.", request: invokeTool({ strict: true }), ruleSource: STRICT_RULES, limitSource: STRICT_LIMITS, facts: STRICT_TOOL_FACTS },
  { mode: "invoke.claude.output_config.format", from: "messages.output_config.format", api: "invoke", description: "InvokeModel with Claude's Messages body and output_config.format json_schema (Claude Haiku 4.5, Sonnet 4.5, Opus 4.5, Opus 4.6).", request: { fragment: { anthropic_version: "bedrock-2023-05-31", output_config: { format: { type: "json_schema" } } }, schemaAt: "/output_config/format/schema" }, ruleSource: INVOKE_FORMAT_RULES, limitSource: INVOKE_FORMAT, facts: FORMAT_FACTS },
];

function converseTool(flags) {
  const base = "/toolConfig/tools/0/toolSpec";
  return { fragment: { toolConfig: { tools: [{ toolSpec: { ...flags } }] } }, schemaAt: `${base}/inputSchema/json`, nameAt: `${base}/name`, descriptionAt: `${base}/description` };
}

function invokeTool(flags) {
  return { fragment: { anthropic_version: "bedrock-2023-05-31", tools: [{ ...flags }] }, schemaAt: "/tools/0/input_schema", nameAt: "/tools/0/name", descriptionAt: "/tools/0/description" };
}

const prefixed = (text) => (text.startsWith(PREFIX) ? text : PREFIX + text);
const prefixAll = (errors) => (errors === undefined ? undefined : Object.fromEntries(Object.entries(errors).map(([name, text]) => [name, prefixed(text)])));

function bedrockCell(cell, fact) {
  const error = cell.error === undefined ? {} : { error: prefixed(cell.error) };
  if (fact !== undefined) return { status: cell.status, ...fact, ...error };
  const note = cell.note === undefined ? PASSED : `${cell.note}; ${PASSED}`;
  return { ...cell, ...error, note };
}

const modes = MODES.map((spec) => {
  const source = anthropic.modes.find((mode) => mode.mode === spec.from);
  if (source === undefined) throw new Error(`anthropic profile has no mode ${spec.from}`);
  const features = Object.fromEntries(Object.entries(source.features).map(([feature, cell]) => [feature, bedrockCell(cell, spec.facts?.[feature])]));
  const { mode: _mode, description: _description, request: _request, features: _features, ruleSource: _rules, limitSource: _limits, ...rest } = source;
  const out = { mode: spec.mode, description: spec.description, ...rest, request: spec.request, features, limitSource: spec.limitSource ?? { ...source.limitSource, note: `${source.limitSource.note ?? ""}; ${PASSED}` }, ruleSource: spec.ruleSource };
  for (const key of ["ruleErrors", "limitErrors"]) if (rest[key] !== undefined) out[key] = prefixAll(rest[key]);
  // The fallback stays on the same Bedrock API: the non-strict tool of Converse or of InvokeModel.
  if (rest.fallbackTarget !== undefined) out.fallbackTarget = spec.api === "converse" ? "bedrock:converse.tools" : "bedrock:invoke.claude.tools";
  return out;
});

const citations = modes.flatMap((mode) => [...Object.values(mode.features).flatMap((cell) => [cell, ...(cell.conflicting ?? [])]), mode.limitSource, mode.ruleSource]);
const profile = {
  $schema: "../profile.schema.json",
  provider: "bedrock",
  version: "2026.12.0",
  date: READ,
  description:
    "Amazon Bedrock Runtime: Converse (toolConfig tools with and without strict, outputConfig.textFormat) and InvokeModel with Claude's Messages body (tools, strict tools, output_config.format). Claude's JSON Schema subset and limits pass through; refusals are 400 ValidationException with Claude's text after 'The model returned the following errors: '.",
  sources: [...new Set(citations.map((citation) => citation.source))].sort(),
  modes,
};
writeFileSync(`${root}providers/bedrock/profile.json`, `${JSON.stringify(profile, null, 2)}\n`);
console.log(`providers/bedrock/profile.json: ${modes.length} modes, ${profile.sources.length} sources`);
