// Bedrock Runtime's error shape for the emulator: HTTP status, the type in `x-amzn-ErrorType`
// (`ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/`) and `{"message": …}`.
// A Claude schema refusal comes back as Claude's own text after "The model returned the following
// errors: " (observed: vercel/ai#20681, BerriAI/litellm#39115), so the texts are Anthropic's.
import { defaultTemplate, INVALID_SCHEMA_TAIL } from "../anthropic/emulator-errors.js";
import { fillTemplate } from "../emulator/emulator-error-text.js";
import type { EmulatedCall, ErrorReply, SchemaRejection } from "../emulator/emulator-types.js";

export const MODEL_ERRORS_PREFIX = "The model returned the following errors: ";
const CORAL_NAMESPACE = "http://internal.amazon.com/coral/com.amazon.bedrock/";

export function bedrockError(status: number, type: string, message: string, headers: Readonly<Record<string, string>> = {}): ErrorReply {
  return { status, body: { message }, headers: { "x-amzn-errortype": `${type}:${CORAL_NAMESPACE}`, ...headers } };
}

export function bedrockValidationError(message: string): ErrorReply {
  return bedrockError(400, "ValidationException", message);
}

function toolIndex(call: EmulatedCall): string {
  return /^tools\.(\d+)/.exec(call.schemaParam)?.[1] ?? "0";
}

export function bedrockSchemaError(call: EmulatedCall, rejection: SchemaRejection): ErrorReply {
  const template = rejection.template ?? MODEL_ERRORS_PREFIX + defaultTemplate(call, rejection);
  const values = { name: call.name, kw: rejection.keyword, index: toolIndex(call), ...rejection.vars };
  return bedrockValidationError(fillTemplate(template, values));
}

export function bedrockInvalidSchema(call: EmulatedCall): ErrorReply {
  const place = call.deliver === "tool" ? `${call.schemaParam}.input_schema` : call.schemaParam;
  return bedrockValidationError(`${MODEL_ERRORS_PREFIX}${place}: ${INVALID_SCHEMA_TAIL}`);
}

/** ThrottlingException is Bedrock's 429; its text is the one SDK users quote [observed, approximate]. */
export function bedrockRateLimit(): ErrorReply {
  return bedrockError(429, "ThrottlingException", "Too many requests, please wait before trying again.");
}

export function bedrockServerError(status: number): ErrorReply {
  if (status === 500) return bedrockError(500, "InternalServerException", "The system encountered an unexpected error during processing. Try your request again.");
  return bedrockError(status, "ServiceUnavailableException", "Bedrock is unable to process your request.");
}

/** A required member left out, in the AWS (Coral) validation wording. */
export function missingMember(member: string): ErrorReply {
  return bedrockValidationError(`1 validation error detected: Value null at '${member}' failed to satisfy constraint: Member must not be null`);
}
