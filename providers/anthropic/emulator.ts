// The Anthropic emulator's wire module: `/v1/messages`, `x-api-key` or Bearer, a dated
// `anthropic-version`, `request-id` on every answer, Anthropic's error envelope. The
// schema sits in `tools[i].input_schema` (strict or not) or `output_config.format.schema`; the old
// top-level `output_format` is refused as some deployments now do (providers.md 2.1).
import type { IncomingHttpHeaders } from "node:http";
import type { AuthPolicy, EmulatedCall, ErrorReply, ProviderEmulator, Route } from "../emulator/emulator-types.js";
import { bearerKey } from "../openai/emulator.js";
import { sseEvent } from "../emulator/emulator-sse-frame.js";
import { contentText } from "../openai/emulator-read-call.js";
import { asArray, asRecord, asString } from "../wire/wire-normalise-answer.js";
import { emulateMessagesAnswer } from "./emulate-messages-answer.js";
import { anthropicError, anthropicInvalidSchema, anthropicRateLimit, anthropicSchemaError, anthropicServerError } from "./emulator-errors.js";

const OUTPUT_FORMAT_DEPRECATED =
  "output_format: This field is deprecated. Use 'output_config.format' instead. See https://platform.claude.com/docs/en/build-with-claude/structured-outputs for more information.";

/** Exported for Bedrock InvokeModel, which carries this body (model in the URL, a Bedrock anthropic_version). */
export function readMessagesCall(body: Record<string, unknown>): EmulatedCall | ErrorReply {
  for (const required of ["model", "max_tokens", "messages"]) {
    if (body[required] === undefined) return anthropicError(400, "invalid_request_error", `${required}: Field required`);
  }
  if (body.output_format !== undefined) return anthropicError(400, "invalid_request_error", OUTPUT_FORMAT_DEPRECATED);
  const users = asArray(body.messages).map(asRecord).filter((message) => message.role === "user");
  const base = {
    api: "anthropic-messages" as const,
    stream: body.stream === true,
    model: asString(body.model) ?? "",
    prompt: users.length === 0 ? "" : contentText(users.at(-1)!.content),
    dialect: "json-schema" as const,
    ...(typeof body.max_tokens === "number" ? { maxTokens: body.max_tokens } : {}),
  };
  const tools = asArray(body.tools).map(asRecord);
  const choice = asRecord(body.tool_choice);
  const format = asRecord(asRecord(body.output_config).format);
  const forced = choice.type === "tool" || choice.type === "any";
  const counted = limitedSchemas(tools, format);
  const tally = tools.length === 0 ? {} : { tools: { count: tools.length, strict: tools.filter((tool) => tool.strict === true).length } };
  if (tools.length > 0 && (forced || format.type !== "json_schema")) {
    const index = Math.max(0, tools.findIndex((tool) => tool.name === choice.name));
    const tool = tools[index]!;
    const mode = tool.strict === true ? "messages.tools.strict" : "messages.tools";
    const requestSchemas = counted.filter((schema) => schema !== tool.input_schema);
    return { ...base, mode, schema: tool.input_schema, name: asString(tool.name) ?? "", deliver: "tool", schemaParam: `tools.${index}.custom`, ...tally, requestSchemas };
  }
  if (format.type === "json_schema") {
    const requestSchemas = counted.filter((schema) => schema !== format.schema);
    return { ...base, mode: "messages.output_config.format", schema: format.schema, name: "output", deliver: "text", schemaParam: "output_config.format.schema", ...tally, requestSchemas };
  }
  return { ...base, mode: null, schema: undefined, name: "output", deliver: "text", schemaParam: "output_config.format.schema" };
}

/**
 * The schemas Anthropic's per-request limits sum over: "across all strict tool schemas and JSON output
 * schemas" (providers.md 2.3); non-strict tools don't count.
 */
function limitedSchemas(tools: readonly Record<string, unknown>[], format: Record<string, unknown>): unknown[] {
  const strict = tools.filter((tool) => tool.strict === true).map((tool) => tool.input_schema);
  return format.type === "json_schema" ? [...strict, format.schema] : strict;
}

/**
 * The key from `x-api-key` or, as the SDK sends an auth token (and 1.x sends its key), from
 * `Authorization: Bearer`; the missing-key text is the API's.
 */
function anthropicKeyError(headers: IncomingHttpHeaders, auth: AuthPolicy): ErrorReply | null {
  if (!auth.required) return null;
  const header = headers["x-api-key"];
  const key = (Array.isArray(header) ? header[0] : header) || bearerKey(headers.authorization);
  if (key === undefined || key === null || key === "") return anthropicError(401, "authentication_error", "x-api-key header is required");
  if (auth.keys !== null && !auth.keys.includes(key)) return anthropicError(401, "authentication_error", "invalid x-api-key");
  return null;
}

/**
 * `anthropic-version` is required and dated (`2023-06-01`; the 1.x SDK sends a newer date). Any
 * YYYY-MM-DD is taken: which dates the API knows is not on record [approximation].
 */
function anthropicVersionError(headers: IncomingHttpHeaders): ErrorReply | null {
  const header = headers["anthropic-version"];
  const version = Array.isArray(header) ? header[0] : header;
  if (version === undefined || version === "") return anthropicError(400, "invalid_request_error", "anthropic-version: header is required");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(version.trim())) return anthropicError(400, "invalid_request_error", `anthropic-version: invalid version '${version}'`);
  return null;
}

export const anthropicEmulator: ProviderEmulator = {
  provider: "anthropic",
  baseUrlPath: "",
  aiSdkPath: "/v1",
  requestId: (ids) => ({ header: "request-id", value: `req_011C${ids.alnum(20)}` }),
  route: (method: string, url: URL): Route | null => (method === "POST" && url.pathname === "/v1/messages" ? { api: "anthropic-messages" } : null),
  authError: (headers, auth) => anthropicKeyError(headers, auth) ?? anthropicVersionError(headers),
  readCall: (_route, body) => readMessagesCall(body),
  schemaError: anthropicSchemaError,
  invalidSchemaError: (call) => anthropicInvalidSchema(call),
  rateLimitError: anthropicRateLimit,
  serverError: anthropicServerError,
  notFound: () => anthropicError(404, "not_found_error", "Not Found"),
  badRequestBody: () => anthropicError(400, "invalid_request_error", "There was an issue with your request body: it is not valid JSON."),
  answer: emulateMessagesAnswer,
  // "error events (e.g. overloaded_error)" may arrive inside a stream (providers.md 2.6).
  streamError: () => sseEvent({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, "error"),
};
