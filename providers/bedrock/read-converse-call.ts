// What the emulated model answers, read from a Converse body: the schema in the chosen tool's
// `toolSpec.inputSchema.json` (strict or not), in `outputConfig.textFormat.structure.jsonSchema.schema`
// (a JSON string), or in Claude's own `output_config.format` passed through
// `additionalModelRequestFields` (as @ai-sdk/amazon-bedrock sends structured output for Claude).
import type { EmulatedCall, ErrorReply } from "../emulator/emulator-types.js";
import { asArray, asRecord, asString } from "../wire/wire-normalise-answer.js";
import { bedrockValidationError, missingMember, MODEL_ERRORS_PREFIX } from "./emulator-errors.js";

function promptOf(messages: readonly unknown[]): string {
  const users = messages.map(asRecord).filter((message) => message.role === "user");
  if (users.length === 0) return "";
  return asArray(users.at(-1)!.content)
    .map((block) => asString(asRecord(block).text) ?? "")
    .join("");
}

/** The textFormat schema: a string holding JSON (the API model's JsonSchemaDefinition.schema is a string). */
function textFormatSchema(textFormat: Record<string, unknown>): { schema: unknown } | ErrorReply {
  const jsonSchema = asRecord(asRecord(textFormat.structure).jsonSchema);
  if (typeof jsonSchema.schema !== "string") return missingMember("outputConfig.textFormat.structure.jsonSchema.schema");
  try {
    return { schema: JSON.parse(jsonSchema.schema) as unknown };
  } catch {
    return bedrockValidationError(`${MODEL_ERRORS_PREFIX}output_config.format.schema: JSON schema is invalid: the schema is not valid JSON`);
  }
}

/** ToolSpecification.name in the API model: pattern [a-zA-Z0-9_-]+, length 1 to 64. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The API's member validation text, as AWS (Coral) words it; members are numbered from 1. */
function badToolName(index: number, name: unknown): ErrorReply {
  const member = `toolConfig.tools.${index + 1}.member.toolSpec.name`;
  if (typeof name !== "string") return missingMember(member);
  const rule = name.length === 0 || name.length > 64 ? "Member must have length between 1 and 64" : "Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+";
  return bedrockValidationError(`1 validation error detected: Value '${name}' at '${member}' failed to satisfy constraint: ${rule}`);
}

export function readConverseCall(model: string, body: Record<string, unknown>): EmulatedCall | ErrorReply {
  if (!Array.isArray(body.messages)) return missingMember("messages");
  const inference = asRecord(body.inferenceConfig);
  const base = {
    api: "bedrock-converse" as const,
    stream: false,
    model,
    prompt: promptOf(body.messages),
    dialect: "json-schema" as const,
    ...(typeof inference.maxTokens === "number" ? { maxTokens: inference.maxTokens } : {}),
  };
  const toolConfig = asRecord(body.toolConfig);
  const specs = asArray(toolConfig.tools).map((tool) => asRecord(asRecord(tool).toolSpec));
  const choice = asRecord(toolConfig.toolChoice);
  const textFormat = asRecord(asRecord(body.outputConfig).textFormat);
  const passedFormat = asRecord(asRecord(asRecord(body.additionalModelRequestFields).output_config).format);
  let formatSchema: unknown;
  if (textFormat.type === "json_schema") {
    const read = textFormatSchema(textFormat);
    if (!("schema" in read)) return read;
    formatSchema = read.schema;
  } else if (passedFormat.type === "json_schema") formatSchema = passedFormat.schema;
  const hasFormat = formatSchema !== undefined;
  const strictSchemas = specs.filter((spec) => spec.strict === true).map((spec) => asRecord(spec.inputSchema).json);
  const counted = hasFormat ? [...strictSchemas, formatSchema] : strictSchemas;
  const tally = specs.length === 0 ? {} : { tools: { count: specs.length, strict: strictSchemas.length } };
  const badName = specs.findIndex((spec) => typeof spec.name !== "string" || !TOOL_NAME.test(spec.name));
  if (badName !== -1) return badToolName(badName, specs[badName]!.name);
  const forced = choice.tool !== undefined || choice.any !== undefined;
  if (specs.length > 0 && (forced || !hasFormat)) {
    const named = asString(asRecord(choice.tool).name);
    const index = Math.max(0, specs.findIndex((spec) => spec.name === named));
    const spec = specs[index]!;
    const schema = asRecord(spec.inputSchema).json;
    const mode = spec.strict === true ? "converse.tools.strict" : "converse.tools";
    // Claude's validator names the tool `tools.<index>.custom`, as the observed Bedrock texts do.
    const requestSchemas = counted.filter((other) => other !== schema);
    return { ...base, mode, schema, name: asString(spec.name) ?? "", deliver: "tool", schemaParam: `tools.${index}.custom`, ...tally, requestSchemas };
  }
  if (hasFormat) {
    const requestSchemas = counted.filter((other) => other !== formatSchema);
    const name = asString(asRecord(asRecord(textFormat.structure).jsonSchema).name) ?? "output";
    return { ...base, mode: "converse.outputConfig.textFormat", schema: formatSchema, name, deliver: "text", schemaParam: "output_config.format.schema", ...tally, requestSchemas };
  }
  return { ...base, mode: null, schema: undefined, name: "output", deliver: "text", schemaParam: "output_config.format.schema" };
}
