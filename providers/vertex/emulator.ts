// The Vertex AI emulator's wire module: Gemini's generateContent body and answers (google/emulator.ts),
// under Vertex's paths — `/{v1|v1beta1}/projects/{project}/locations/{location}/publishers/google/models/
// {model}:generateContent` (and `:streamGenerateContent`), and `/{v1|v1beta1}/publishers/google/models/…`
// for express mode and the global collection — with `Authorization: Bearer <token>` or, in express mode,
// an API key (`x-goog-api-key` or `?key=`). Vertex alone reads `generationConfig.responseFormat`.
import type { EmulatedCall, ErrorReply, ProviderEmulator, Route } from "../emulator/emulator-types.js";
import { generateRoute, googleEmulator, readGenerateCall } from "../google/emulator.js";
import { asArray, asRecord } from "../wire/wire-normalise-answer.js";
import { inVertexPackage, vertexInvalidKey, vertexInvalidToken, vertexMissingCredential, vertexRateLimit, vertexServerError } from "./emulator-errors.js";

const MODEL_PATH = /^\/(v1|v1beta1)\/(?:projects\/[^/]+\/locations\/[^/]+\/)?publishers\/google\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** Where the emulator's REST prefix points: a project path, as a regional Vertex endpoint has it. */
export const VERTEX_EMULATOR_PREFIX = "/v1/projects/schemalab-emulated/locations/us-central1/publishers/google";

function headerValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** `generationConfig.responseFormat`: the first entry with `text`, its schema read as responseJsonSchema is. */
function readVertexCall(route: Route, body: Record<string, unknown>): EmulatedCall | ErrorReply {
  const config = asRecord(body.generationConfig ?? body.generation_config);
  const formats = config.responseFormat ?? config.response_format;
  if (formats === undefined) return inVertexReply(readGenerateCall(route, body));
  const { responseFormat: _camel, response_format: _snake, ...rest } = config;
  const index = asArray(formats).findIndex((format) => asRecord(format).text !== undefined);
  const text = asRecord(asRecord(asArray(formats)[index]).text);
  const schema = text.schema;
  const forJson = schema === undefined ? rest : { ...rest, responseMimeType: text.mimeType ?? text.mime_type, responseJsonSchema: schema };
  const call = readGenerateCall(route, { ...body, generationConfig: forJson });
  if ("status" in call || call.mode !== "generate.responseJsonSchema") return inVertexReply(call);
  return { ...call, mode: "generate.responseFormat", schemaParam: `generation_config.response_format[${index}].text.schema` };
}

function inVertexReply(call: EmulatedCall | ErrorReply): EmulatedCall | ErrorReply {
  return "status" in call ? inVertexPackage(call) : call;
}

export const vertexEmulator: ProviderEmulator = {
  ...googleEmulator,
  provider: "vertex",
  baseUrlPath: VERTEX_EMULATOR_PREFIX,
  aiSdkPath: VERTEX_EMULATOR_PREFIX,
  route: (method: string, url: URL) => generateRoute(MODEL_PATH, method, url),
  authError(headers, auth, url) {
    if (!auth.required) return null;
    const bearer = /^Bearer\s+(\S+)$/i.exec(headerValue(headers.authorization))?.[1];
    const key = headerValue(headers["x-goog-api-key"]) || (url.searchParams.get("key") ?? "");
    if (bearer === undefined && key === "") return vertexMissingCredential();
    if (auth.keys === null) return null;
    if (bearer !== undefined) return auth.keys.includes(bearer) ? null : vertexInvalidToken();
    return auth.keys.includes(key) ? null : vertexInvalidKey();
  },
  readCall: readVertexCall,
  schemaError: (call, rejection) => inVertexPackage(googleEmulator.schemaError(call, rejection)),
  rateLimitError: (retryAfterS) => vertexRateLimit(retryAfterS),
  serverError: vertexServerError,
  streamError: (call) => googleEmulator.streamError(call).replace("The model is overloaded. Please try again later.", "The service is currently unavailable."),
};
