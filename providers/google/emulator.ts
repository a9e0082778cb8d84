// The Gemini emulator's wire module: `/v1beta/models/{model}:generateContent` and
// `:streamGenerateContent` (SSE with `alt=sse`, else a JSON array), `x-goog-api-key` (or `?key=`),
// google.rpc error envelopes, and `functionCallingConfig.mode` deciding whether a call is constrained.
// Proto JSON accepts field names in lowerCamel and snake_case alike, so both are read.
import type { EmulatedCall, ErrorReply, ProviderEmulator, Route } from "../emulator/emulator-types.js";
import { asArray, asRecord, asString } from "../wire/wire-normalise-answer.js";
import { sseEvent } from "../emulator/emulator-sse-frame.js";
import { emulateGenerateAnswer } from "./emulate-generate-answer.js";
import { GEMINI_OPENAPI_FIELDS } from "./emulator-openapi-fields.js";
import {
  GOOGLE_MISSING_KEY,
  googleError,
  googleInvalidEnum,
  googleInvalidKey,
  googleInvalidSchema,
  googleRateLimit,
  googleSchemaError,
  googleServerError,
  googleUnknownField,
} from "./emulator-errors.js";

const MODEL_PATH = /^\/(v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/**
 * A generateContent / streamGenerateContent route on `path` (its last two groups: model, method); Vertex's
 * emulator routes its own paths with it. streamGenerateContent answers one JSON array, sent as it grows,
 * unless `alt=sse` asks for events.
 */
export function generateRoute(path: RegExp, method: string, url: URL): Route | null {
  const match = method === "POST" ? path.exec(url.pathname) : null;
  if (match === null) return null;
  const streamFraming = url.searchParams.get("alt") === "sse" ? "sse" : "json-array";
  return { api: "gemini-generate", stream: match[match.length - 1] === "streamGenerateContent", model: decodeURIComponent(match[match.length - 2]!), streamFraming };
}

/** A proto field by its JSON name or its original snake_case name. */
function field(record: Record<string, unknown>, camel: string): unknown {
  const snake = camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return record[camel] ?? record[snake];
}

function promptOf(contents: readonly unknown[]): string {
  const user = contents.map(asRecord).filter((content) => content.role === undefined || content.role === "user");
  const last = user.at(-1);
  return last === undefined ? "" : asArray(last.parts).map((part) => asString(asRecord(part).text) ?? "").join("");
}

export function readGenerateCall(route: Route, body: Record<string, unknown>): EmulatedCall | ErrorReply {
  const contents = asArray(body.contents);
  if (contents.length === 0) return googleError(400, "* GenerateContentRequest.contents: contents is not specified\n");
  const config = asRecord(field(body, "generationConfig"));
  // @google/genai: ResponseFormat "is not supported in Gemini API" (Vertex only); proto JSON refuses the name.
  if (field(config, "responseFormat") !== undefined) return googleUnknownField("responseFormat", "generation_config");
  const maxTokens = field(config, "maxOutputTokens");
  const base = {
    api: "gemini-generate" as const,
    stream: route.stream === true,
    ...(route.streamFraming === undefined ? {} : { streamFraming: route.streamFraming }),
    model: route.model ?? "",
    prompt: promptOf(contents),
    ...(typeof maxTokens === "number" ? { maxTokens } : {}),
  };
  const declarations = asArray(field(asRecord(asArray(body.tools)[0]), "functionDeclarations")).map(asRecord);
  if (declarations.length > 0) {
    const calling = readFunctionCalling(body);
    if ("status" in calling) return calling;
    const index = Math.max(0, declarations.findIndex((declaration) => declaration.name === calling.allowed[0]));
    const declaration = declarations[index]!;
    const jsonSchema = field(declaration, "parametersJsonSchema");
    const place = `tools[0].function_declarations[${index}]`;
    // Gemini has no strict flag: under VALIDATED or ANY every declaration is decoded under constraint.
    const tools = { count: declarations.length, strict: calling.behaviour.toolChoiceConstrains === false ? 0 : declarations.length };
    const shared = { ...base, name: asString(declaration.name) ?? "", ...calling.behaviour, tools };
    if (jsonSchema !== undefined) return { ...shared, mode: "generate.functionDeclarations.parametersJsonSchema", schema: jsonSchema, dialect: "json-schema", schemaParam: `${place}.parameters_json_schema` };
    return { ...shared, mode: "generate.functionDeclarations.parameters", schema: declaration.parameters, dialect: "openapi", schemaParam: `${place}.parameters` };
  }
  const jsonSchema = field(config, "responseJsonSchema");
  const shared = { ...base, name: "response", deliver: "text" as const };
  if (jsonSchema !== undefined) return { ...shared, mode: "generate.responseJsonSchema", schema: jsonSchema, dialect: "json-schema", schemaParam: "generation_config.response_json_schema" };
  const schema = field(config, "responseSchema");
  if (schema !== undefined) return { ...shared, mode: "generate.responseSchema", schema, dialect: "openapi", schemaParam: "generation_config.response_schema" };
  return { ...shared, mode: null, schema: undefined, dialect: "json-schema", schemaParam: "generation_config" };
}

/**
 * `toolConfig.functionCallingConfig.mode` (providers.md 3.4; ai.google.dev function-calling guide):
 * VALIDATED "will validate function calls with constrained decoding" and ANY "guarantees function schema
 * adherence", so both decode under the mode's profile; AUTO (the default) promises no adherence, so the
 * call is written unconstrained; NONE behaves "as when not passing any function declarations": text.
 */
const CALLING_MODES: Readonly<Record<string, Pick<EmulatedCall, "deliver" | "toolChoiceConstrains">>> = {
  VALIDATED: { deliver: "tool" },
  ANY: { deliver: "tool" },
  AUTO: { deliver: "tool", toolChoiceConstrains: false },
  MODE_UNSPECIFIED: { deliver: "tool", toolChoiceConstrains: false },
  NONE: { deliver: "text", toolChoiceConstrains: false },
};

function readFunctionCalling(body: Record<string, unknown>): { behaviour: Pick<EmulatedCall, "deliver" | "toolChoiceConstrains">; allowed: readonly unknown[] } | ErrorReply {
  const config = asRecord(field(asRecord(field(body, "toolConfig")), "functionCallingConfig"));
  const mode = config.mode ?? "AUTO";
  const behaviour = typeof mode === "string" ? CALLING_MODES[mode] : undefined;
  if (behaviour === undefined) return googleInvalidEnum("tool_config.function_calling_config.mode", "google.ai.generativelanguage.v1beta.FunctionCallingConfig.Mode", mode);
  // allowedFunctionNames "should only be set when the Mode is ANY or VALIDATED".
  return { behaviour, allowed: behaviour.toolChoiceConstrains === false ? [] : asArray(field(config, "allowedFunctionNames")) };
}

export const googleEmulator: ProviderEmulator = {
  provider: "google",
  baseUrlPath: "",
  aiSdkPath: "/v1beta",
  // Gemini names no request-id header of its own; x-request-id is harmless to every client.
  requestId: (ids) => ({ header: "x-request-id", value: ids.hex(16) }),
  route: (method: string, url: URL) => generateRoute(MODEL_PATH, method, url),
  authError(headers, auth, url) {
    if (!auth.required) return null;
    const header = headers["x-goog-api-key"];
    const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get("key") ?? "";
    if (key === "") return googleError(403, GOOGLE_MISSING_KEY);
    if (auth.keys !== null && !auth.keys.includes(key)) return googleInvalidKey();
    return null;
  },
  readCall: readGenerateCall,
  schemaError: googleSchemaError,
  invalidSchemaError: googleInvalidSchema,
  rateLimitError: (retryAfterS) => googleRateLimit(retryAfterS),
  serverError: googleServerError,
  notFound: () => googleError(404, "Requested entity was not found."),
  badRequestBody: () => googleError(400, "Invalid JSON payload received. Unexpected token."),
  answer: emulateGenerateAnswer,
  // A failure after the stream began: the google.rpc error as the next element (or SSE event) [approximation].
  streamError: (call) => {
    const error = (googleServerError(503).body as object);
    return call.streamFraming === "json-array" ? JSON.stringify(error) : sseEvent(error).replace(/\n\n$/, "\r\n\r\n");
  },
  dialectKeywords: { openapi: GEMINI_OPENAPI_FIELDS },
  objectToolArguments: true,
};
