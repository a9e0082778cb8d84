// The Gemini emulator's wire module: `/v1beta/models/{model}:generateContent` and
// `:streamGenerateContent?alt=sse`, `x-goog-api-key` (or `?key=`), google.rpc error envelopes.
// Proto JSON accepts field names in lowerCamel and snake_case alike, so both are read.
import type { EmulatedCall, ErrorReply, ProviderEmulator, Route } from "../emulator-types.js";
import { asArray, asRecord, asString } from "../wire-normalise-answer.js";
import { emulateGenerateAnswer } from "./emulate-generate-answer.js";
import {
  GOOGLE_MISSING_KEY,
  googleError,
  googleInvalidKey,
  googleInvalidSchema,
  googleRateLimit,
  googleSchemaError,
  googleServerError,
} from "./emulator-errors.js";

const MODEL_PATH = /^\/(v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

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

function readGenerateCall(route: Route, body: Record<string, unknown>): EmulatedCall | ErrorReply {
  const contents = asArray(body.contents);
  if (contents.length === 0) return googleError(400, "* GenerateContentRequest.contents: contents is not specified\n");
  const config = asRecord(field(body, "generationConfig"));
  const maxTokens = field(config, "maxOutputTokens");
  const base = {
    api: "gemini-generate" as const,
    stream: route.stream === true,
    model: route.model ?? "",
    prompt: promptOf(contents),
    ...(typeof maxTokens === "number" ? { maxTokens } : {}),
  };
  const declarations = asArray(field(asRecord(asArray(body.tools)[0]), "functionDeclarations")).map(asRecord);
  if (declarations.length > 0) {
    const allowed = asArray(field(asRecord(field(asRecord(field(body, "toolConfig")), "functionCallingConfig")), "allowedFunctionNames"));
    const index = Math.max(0, declarations.findIndex((declaration) => declaration.name === allowed[0]));
    const declaration = declarations[index]!;
    const jsonSchema = field(declaration, "parametersJsonSchema");
    const place = `tools[0].function_declarations[${index}]`;
    const shared = { ...base, name: asString(declaration.name) ?? "", deliver: "tool" as const };
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

export const googleEmulator: ProviderEmulator = {
  provider: "google",
  baseUrlPath: "",
  route(method: string, url: URL): Route | null {
    const match = method === "POST" ? MODEL_PATH.exec(url.pathname) : null;
    if (match === null) return null;
    return { api: "gemini-generate", stream: match[3] === "streamGenerateContent", model: decodeURIComponent(match[2]!) };
  },
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
};
