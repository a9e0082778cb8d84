// OpenAI's error envelopes and texts for the emulator (providers.md 1.6): `{"error":{message,type,param,code}}`.
// Schema errors use the profile's verbatim template when it has one; the defaults below follow the
// observed shapes and are used for plain feature maps.
import type { SchemaInvalidity } from "../emulator/schema-rules/emulator-check-conformance.js";
import { fillTemplate, pythonContext, pythonValue } from "../emulator/emulator-error-text.js";
import type { EmulatedCall, ErrorReply, SchemaRejection } from "../emulator/emulator-types.js";

export function openaiError(status: number, message: string, type: string, param: string | null = null, code: string | null = null): ErrorReply {
  return { status, body: { error: { message, type, param, code } } };
}

export const OPENAI_MISSING_KEY =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.";

export function openaiInvalidKey(key: string): ErrorReply {
  const masked = key.length <= 8 ? "*".repeat(key.length) : `${key.slice(0, 3)}${"*".repeat(Math.max(4, key.length - 7))}${key.slice(-4)}`;
  return openaiError(401, `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`, "invalid_request_error", null, "invalid_api_key");
}

export function openaiRateLimit(retryAfterS: number, model: string): ErrorReply {
  const message = `Rate limit reached for ${model} in organization org-schemalab-emulated on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in ${retryAfterS}s. Visit https://platform.openai.com/account/rate-limits to learn more.`;
  return {
    ...openaiError(429, message, "requests", null, "rate_limit_exceeded"),
    headers: { "x-ratelimit-limit-requests": "3", "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": `${retryAfterS}s` },
  };
}

export function openaiServerError(status: number): ErrorReply {
  if (status === 500) return openaiError(500, "The server had an error while processing your request. Sorry about that!", "server_error");
  return openaiError(status, "The server is overloaded or not ready yet.", "server_error");
}

export function openaiNotFound(method: string, path: string): ErrorReply {
  return openaiError(404, `Invalid URL (${method} ${path})`, "invalid_request_error");
}

export const OPENAI_BAD_JSON =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)";

/** `param` and `code` as the API reports them for each place a schema can sit (providers.md 1.6). */
function schemaErrorTags(call: EmulatedCall): { param: string; code: string | null } {
  if (call.api === "openai-responses") return { param: call.schemaParam, code: call.deliver === "tool" ? "invalid_function_parameters" : "invalid_json_schema" };
  return { param: call.schemaParam, code: call.deliver === "tool" ? "invalid_function_parameters" : null };
}

function prefix(call: EmulatedCall): string {
  return call.deliver === "tool" ? `Invalid schema for function '${call.name}'` : `Invalid schema for response_format '${call.name}'`;
}

/**
 * Too many tools is refused as the request's `tools` array, not a schema (observed text, not in
 * providers.md: github.com/vishalmysore/Tools4AI/issues/16, github.com/julep-ai/julep/issues/330).
 */
const TOOLS_TOO_LONG = "Invalid 'tools': array too long. Expected an array with maximum length <limit>, but got an array with length <count> instead.";

export function openaiSchemaError(call: EmulatedCall, rejection: SchemaRejection): ErrorReply {
  if (rejection.feature === "limit:tool-count") return openaiError(400, fillTemplate(rejection.template ?? TOOLS_TOO_LONG, { name: call.name, ...rejection.vars }), "invalid_request_error", "tools", "array_above_max_length");
  const values = { name: call.name, context: pythonContext(rejection.path), kw: rejection.keyword, index: "0", ...rejection.vars };
  const message = rejection.template === undefined ? fillTemplate(defaultTemplate(call, rejection), values) : fillTemplate(rejection.template, values);
  const { param, code } = schemaErrorTags(call);
  return openaiError(400, message, "invalid_request_error", param, code);
}

/**
 * A schema its meta-schema refuses, in the words of the Python `jsonschema` checker OpenAI's texts show
 * (`None is not of type 'object', 'boolean'`, providers.md 1.6). Approximation: the exact text per
 * violation is not on record, so every violation reads "is not valid under any of the given schemas",
 * and an unresolvable `$ref` "reference to component ... which was not found in the schema".
 */
export function openaiInvalidSchema(call: EmulatedCall, invalidity: SchemaInvalidity): ErrorReply {
  const { param, code } = schemaErrorTags(call);
  const detail =
    invalidity.missingRef !== undefined
      ? `In context=(), reference to component '${invalidity.missingRef.split("/").at(-1) ?? invalidity.missingRef}' which was not found in the schema.`
      : `In context=${pythonContext(invalidity.pointer)}, ${pythonValue(invalidity.value)} is not valid under any of the given schemas.`;
  return openaiError(400, `${prefix(call)}: ${detail}`, "invalid_request_error", param, code);
}

const RULE_TEXTS: Readonly<Record<string, string>> = {
  rootMustBeObject: `schema must be a JSON Schema of 'type: "object"', got 'type: "<type>"'.`,
  rootMustNotUseAnyOf: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
  allPropertiesRequired: "In context=<context>, 'required' is required to be supplied and to be an array including every key in properties. Missing '<key>'.",
  additionalPropertiesFalseRequired: "In context=<context>, 'additionalProperties' is required to be supplied and to be false.",
  objectsNeedProperties: "In context=<context>, object schema missing properties.",
  arraysNeedItems: "In context=<context>, array schema missing items.",
  schemasNeedType: "In context=<context>, schema must have a 'type' key.",
  maxEnumValues: "Expected at most <limit> enum values in total within a single schema when using structured outputs, but received <count>. Consider reducing the number of enums, or use 'strict: false' to opt out of structured outputs.",
  // The two string-length rules of providers.md 1.4 have no text on record: these follow the enum count's.
  maxTotalStringLength:
    "Expected at most <limit> characters in total across property names, definition names, enum values and const values within a single schema when using structured outputs, but received <count>. Consider shortening them, or use 'strict: false' to opt out of structured outputs.",
  maxLargeEnumStringLength:
    "Expected at most <limit> characters in total across the values of a single enum with more than 250 values when using structured outputs, but received <count>. Consider reducing the number of enums, or use 'strict: false' to opt out of structured outputs.",
};

function defaultTemplate(call: EmulatedCall, rejection: SchemaRejection): string {
  const head = `${prefix(call)}: `;
  if (rejection.rule !== undefined && RULE_TEXTS[rejection.rule] !== undefined) return head + RULE_TEXTS[rejection.rule];
  if (rejection.rule !== undefined) return `${head}Expected at most <limit> for ${rejection.rule}, but received <count>.`;
  if (rejection.feature === "root:non-object") return head + RULE_TEXTS.rootMustBeObject;
  if (rejection.feature === "optional") return head + RULE_TEXTS.allPropertiesRequired;
  if (rejection.feature === "$ref:siblings") return `${head}context=<context>, $ref cannot have keywords {<keywords>}.`;
  return `${head}In context=<context>, '<kw>' is not permitted.`;
}
