// The Amazon Bedrock Runtime emulator's wire module: `POST /model/{modelId}/converse` (Bedrock's body)
// and `POST /model/{modelId}/invoke` (Claude's Messages body), a Bedrock API key as Bearer or a SigV4
// Authorization header (its form and scope are checked; the signature cannot be without the secret),
// `x-amzn-RequestId` on every answer, errors as `x-amzn-ErrorType` + `{"message"}`. Streams
// (converse-stream, invoke-with-response-stream) are not served: their event-stream framing is not emulated.
import type { IncomingHttpHeaders } from "node:http";
import { readMessagesCall } from "../anthropic/emulator.js";
import { emulateMessagesAnswer } from "../anthropic/emulate-messages-answer.js";
import type { AuthPolicy, EmulatedCall, ErrorReply, ProviderEmulator, Route } from "../emulator/emulator-types.js";
import { bearerKey } from "../openai/emulator.js";
import { BEDROCK_ANTHROPIC_VERSION } from "./build-bedrock-request.js";
import { emulateConverseAnswer } from "./emulate-converse-answer.js";
import { bedrockError, bedrockInvalidSchema, bedrockRateLimit, bedrockSchemaError, bedrockServerError, bedrockValidationError } from "./emulator-errors.js";
import { readConverseCall } from "./read-converse-call.js";
import { readSigV4Authorization } from "./sign-aws-sigv4.js";

const ROUTE = /^\/model\/([^/]+)\/(converse|invoke)$/;

/** Claude's Messages modes as InvokeModel carries them. */
const INVOKE_MODES: Readonly<Record<string, string>> = {
  "messages.tools": "invoke.claude.tools",
  "messages.tools.auto": "invoke.claude.tools",
  "messages.tools.strict": "invoke.claude.tools.strict",
  "messages.output_config.format": "invoke.claude.output_config.format",
};

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Bearer (a Bedrock API key) or SigV4 for service `bedrock`; AWS's 403 texts otherwise. */
function bedrockAuthError(headers: IncomingHttpHeaders, auth: AuthPolicy): ErrorReply | null {
  if (!auth.required) return null;
  const authorization = header(headers, "authorization");
  if (authorization === undefined || authorization === "") return bedrockError(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
  const bearer = bearerKey(authorization);
  if (bearer !== null) {
    return auth.keys !== null && !auth.keys.includes(bearer) ? bedrockError(403, "UnrecognizedClientException", "The security token included in the request is invalid.") : null;
  }
  const signed = readSigV4Authorization(authorization);
  if (signed === null || header(headers, "x-amz-date") === undefined) {
    return bedrockError(403, "IncompleteSignatureException", "Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters, and an X-Amz-Date header.");
  }
  if (signed.service !== "bedrock") return bedrockError(403, "InvalidSignatureException", `Credential should be scoped to correct service: 'bedrock'.`);
  if (auth.keys !== null && !auth.keys.includes(signed.accessKeyId)) return bedrockError(403, "UnrecognizedClientException", "The security token included in the request is invalid.");
  return null;
}

function readInvokeCall(model: string, body: Record<string, unknown>): EmulatedCall | ErrorReply {
  if (body.anthropic_version === undefined) {
    // The text Claude on Bedrock answers a body without its version [observed wording, approximate].
    return bedrockValidationError("Malformed input request: #: required key [anthropic_version] not found, please reformat your input and try again.");
  }
  if (body.anthropic_version !== BEDROCK_ANTHROPIC_VERSION) return bedrockValidationError(`Malformed input request: #/anthropic_version: ${JSON.stringify(body.anthropic_version)} is not a valid enum value, please reformat your input and try again.`);
  const read = readMessagesCall({ ...body, model });
  if (!("api" in read)) {
    // Claude's own refusal of the body, in Bedrock's envelope.
    const inner = (read.body as { error?: { message?: string } }).error?.message ?? "invalid request";
    return bedrockError(read.status, "ValidationException", inner);
  }
  const mode = read.mode === null ? null : (INVOKE_MODES[read.mode] ?? null);
  return { ...read, api: "bedrock-invoke", mode };
}

function routeOf(method: string, url: URL): Route | null {
  if (method !== "POST") return null;
  const match = ROUTE.exec(url.pathname);
  if (match === null) return null;
  let model: string;
  try {
    model = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return { api: match[2] === "invoke" ? "bedrock-invoke" : "bedrock-converse", model, stream: false };
}

export const bedrockEmulator: ProviderEmulator = {
  provider: "bedrock",
  baseUrlPath: "",
  aiSdkPath: "",
  requestId: (ids) => ({ header: "x-amzn-requestid", value: `${ids.hex(8)}-${ids.hex(4)}-4${ids.hex(3)}-a${ids.hex(3)}-${ids.hex(12)}` }),
  route: routeOf,
  authError: (headers, auth) => bedrockAuthError(headers, auth),
  readCall: (route, body) => (route.api === "bedrock-invoke" ? readInvokeCall(route.model ?? "", body) : readConverseCall(route.model ?? "", body)),
  schemaError: bedrockSchemaError,
  invalidSchemaError: (call) => bedrockInvalidSchema(call),
  rateLimitError: () => bedrockRateLimit(),
  serverError: bedrockServerError,
  notFound: () => bedrockError(404, "UnknownOperationException", "The requested operation is not recognized by the service."),
  badRequestBody: () => bedrockError(400, "SerializationException", "The request body could not be read as JSON."),
  answer: (call, output, usage, ids) => (call.api === "bedrock-invoke" ? emulateMessagesAnswer(call, output, usage, ids) : emulateConverseAnswer(call, output, usage, ids)),
  streamError: () => "",
};
