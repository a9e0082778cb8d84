// Vertex AI's error texts where they are not the Gemini API's: the same google.rpc.Status envelope
// (`{"error":{code,message,status,details?}}`), but OAuth credentials instead of API keys (401
// UNAUTHENTICATED), express-mode keys checked by aiplatform.googleapis.com, Vertex's own 429 text, and
// proto enum names in the google.cloud.aiplatform.v1 package. Approximation: the 401/429/5xx texts are
// those Google APIs answer as commonly reported; none is quoted in Vertex's structured-output docs.
import { googleError } from "../google/emulator-errors.js";
import type { ErrorReply } from "../emulator/emulator-types.js";

const SIGN_IN = "Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";

export const VERTEX_MISSING_CREDENTIAL = `Request is missing required authentication credential. ${SIGN_IN}`;

export function vertexMissingCredential(): ErrorReply {
  return googleError(401, VERTEX_MISSING_CREDENTIAL, [
    { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "CREDENTIALS_MISSING", domain: "googleapis.com", metadata: { service: "aiplatform.googleapis.com", method: "google.cloud.aiplatform.v1.PredictionService.GenerateContent" } },
  ]);
}

export function vertexInvalidToken(): ErrorReply {
  return googleError(401, `Request had invalid authentication credentials. ${SIGN_IN}`, [
    { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "ACCESS_TOKEN_TYPE_UNSUPPORTED", domain: "googleapis.com", metadata: { service: "aiplatform.googleapis.com", method: "google.cloud.aiplatform.v1.PredictionService.GenerateContent" } },
  ]);
}

export function vertexInvalidKey(): ErrorReply {
  const message = "API key not valid. Please pass a valid API key.";
  return googleError(400, message, [
    { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: { service: "aiplatform.googleapis.com" } },
    { "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "en-US", message },
  ]);
}

export function vertexRateLimit(retryAfterS: number): ErrorReply {
  return googleError(429, "Resource exhausted. Please try again later. Please refer to https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429 for more details.", [
    { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${retryAfterS}s` },
  ]);
}

export function vertexServerError(status: number): ErrorReply {
  return status === 500 ? googleError(500, "Internal error encountered.") : googleError(503, "The service is currently unavailable.");
}

/** Gemini's texts name its proto package; Vertex's parser names the aiplatform one. */
export function inVertexPackage(reply: ErrorReply): ErrorReply {
  const text = JSON.stringify(reply.body);
  if (!text.includes("google.ai.generativelanguage.v1beta.")) return reply;
  return { ...reply, body: JSON.parse(text.replaceAll("google.ai.generativelanguage.v1beta.", "google.cloud.aiplatform.v1.")) as ErrorReply["body"] };
}
