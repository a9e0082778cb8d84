// Azure OpenAI's own error envelopes, for what Azure's front door answers before a model sees the request
// (auth, routing, api-version, quota, body size, content filter). Schema refusals come from the OpenAI service
// behind it and keep OpenAI's envelope and texts (providers/openai/emulator-errors.ts) [approximation:
// Azure's own texts for them are not on record].
import type { ErrorReply } from "../emulator/emulator-types.js";

/** Azure's `{"error":{"code","message"}}` (codes are strings, "401" or "DeploymentNotFound"). */
export function azureError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): ErrorReply {
  return { status, body: { error: { code, message, ...extra } } };
}

/** Azure's answer to a missing or wrong key (the same text for both). */
export const AZURE_ACCESS_DENIED =
  "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.";

export function azureAccessDenied(): ErrorReply {
  return azureError(401, "401", AZURE_ACCESS_DENIED);
}

export function azureResourceNotFound(): ErrorReply {
  return azureError(404, "404", "Resource not found");
}

export function azureApiVersionUnsupported(): ErrorReply {
  return azureError(400, "BadRequest", "API version not supported");
}

export function azureRateLimit(retryAfterS: number, apiVersion: string): ErrorReply {
  const message = `Requests to the ChatCompletions_Create Operation under Azure OpenAI API version ${apiVersion} have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after ${retryAfterS} seconds. Please go here: https://aka.ms/oai/quotaincrease if you would like to further increase the default rate limit.`;
  return { ...azureError(429, "429", message), headers: { "x-ratelimit-remaining-requests": "0", "x-ratelimit-remaining-tokens": "0" } };
}

export function azureServerError(status: number): ErrorReply {
  if (status === 500) return azureError(500, "InternalServerError", "The server had an error while processing your request. Sorry about that!");
  return azureError(status, "ServiceUnavailable", "The service is temporarily unable to process your request. Please try again later.");
}

export function azureBodyTooLarge(limit: number): ErrorReply {
  // Approximation: Azure's exact text for an oversized body is not on record; the code is the HTTP one.
  return azureError(413, "RequestEntityTooLarge", `The request body exceeds ${limit} bytes.`);
}

/**
 * A prompt the content filter blocks: HTTP 400, code `content_filter` (Learn, content filtering: "Prompts that are
 * classified at a filtered category and severity level return an HTTP 400 error."), with the categories in
 * `innererror.content_filter_result`. The emulator reports a high `violence` hit [approximation: which category].
 */
export function azureContentFilterError(): ErrorReply {
  const safe = { filtered: false, severity: "safe" };
  return azureError(
    400,
    "content_filter",
    "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
    {
      param: "prompt",
      status: 400,
      innererror: { code: "ResponsibleAIPolicyViolation", content_filter_result: { hate: safe, jailbreak: { filtered: false, detected: false }, self_harm: safe, sexual: safe, violence: { filtered: true, severity: "high" } } },
    },
  );
}
