// Anthropic's error envelopes and texts for the emulator (providers.md 2.4):
// `{"type":"error","error":{"type","message"},"request_id":"req_…"}`.
import { fillTemplate } from "../emulator/emulator-error-text.js";
import { createIdSource } from "../emulator/emulator-ids.js";
import type { EmulatedCall, ErrorReply, SchemaRejection } from "../emulator/emulator-types.js";

// Error ids need no seed of their own: a fixed one keeps recordings stable.
const requestIds = createIdSource(0xa17);

export function anthropicError(status: number, type: string, message: string): ErrorReply {
  return { status, body: { type: "error", error: { type, message }, request_id: `req_011C${requestIds.alnum(20)}` } };
}

export const INVALID_SCHEMA_TAIL =
  "JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview.";

export function anthropicRateLimit(_retryAfterS: number, model: string): ErrorReply {
  const message = `This request would exceed your organization's rate limit of 50 requests per minute (org: schemalab-emulated, model: ${model}). For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.`;
  return { ...anthropicError(429, "rate_limit_error", message), headers: { "anthropic-ratelimit-requests-limit": "50", "anthropic-ratelimit-requests-remaining": "0" } };
}

/** 529 is Anthropic's overloaded status; a 503 is answered the same way. */
export function anthropicServerError(status: number): ErrorReply {
  return status === 500 ? anthropicError(500, "api_error", "Internal server error") : anthropicError(status, "overloaded_error", "Overloaded");
}

function toolIndex(call: EmulatedCall): string {
  return /^tools\.(\d+)/.exec(call.schemaParam)?.[1] ?? "0";
}

export function anthropicSchemaError(call: EmulatedCall, rejection: SchemaRejection): ErrorReply {
  const values = { name: call.name, kw: rejection.keyword, index: toolIndex(call), ...rejection.vars };
  return anthropicError(400, "invalid_request_error", fillTemplate(rejection.template ?? defaultTemplate(call, rejection), values));
}

/** The text for a rejection whose profile cell carries none (Bedrock, passing Claude's refusals through, reuses it). */
export function defaultTemplate(call: EmulatedCall, rejection: SchemaRejection): string {
  if (rejection.feature === "root:non-object") return `${call.schemaParam}${call.deliver === "tool" ? ".input_schema" : ""}: ${INVALID_SCHEMA_TAIL}`;
  if (rejection.feature === "$ref:recursive") return "Too many recursive definitions in schema";
  if (rejection.rule !== undefined && rejection.rule.startsWith("max")) return "Schema is too complex for compilation.";
  return `${call.schemaParam}: For '<type>' type, property '<kw>' is not supported`;
}

export function anthropicInvalidSchema(call: EmulatedCall): ErrorReply {
  const place = call.deliver === "tool" ? `${call.schemaParam}.input_schema` : call.schemaParam;
  return anthropicError(400, "invalid_request_error", `${place}: ${INVALID_SCHEMA_TAIL}`);
}
