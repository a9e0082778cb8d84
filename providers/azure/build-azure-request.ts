// Azure OpenAI requests: OpenAI's Chat Completions and Responses bodies, sent to one of Azure's two URL
// styles with Azure's auth (Microsoft Learn, Azure OpenAI structured outputs and API lifecycle pages):
// - the v1 API, `https://{resource}.openai.azure.com/openai/v1/chat/completions` (no api-version needed);
// - deployments, `https://{resource}.openai.azure.com/openai/deployments/{deployment}/chat/completions?api-version=…`
//   (the deployment is the model option; Responses there is `/openai/responses?api-version=…`).
// The style follows the base URL: ending in `/openai/v1` is the v1 API, ending in `/openai` the deployments
// one, whose `?api-version=` (default AZURE_DEFAULT_API_VERSION) rides on the base URL. A key goes in the
// `api-key` header; a Microsoft Entra token (a JWT: three dot-separated base64url parts) as `Authorization:
// Bearer`. Never a key in the URL.
import { buildOpenAIChatRequest } from "../openai/build-openai-chat-request.js";
import { buildOpenAIResponsesRequest } from "../openai/build-openai-responses-request.js";
import type { BuildRequestOptions, WireRequest } from "../wire/wire-types.js";

/** The latest GA dated api-version (structured outputs since 2024-08-01-preview). */
export const AZURE_DEFAULT_API_VERSION = "2024-10-21";
/** Responses on the deployments style needs a preview api-version (v1 needs none). */
export const AZURE_RESPONSES_API_VERSION = "2025-04-01-preview";
/** Placeholder resource: a probe against Azure names its own with --base-url. */
export const AZURE_BASE_URL = "https://YOUR-RESOURCE.openai.azure.com/openai/v1";

export type AzureUrlStyle = "v1" | "deployments";

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** An Entra ID access token is a JWT; Azure OpenAI keys never hold a dot. */
export function isEntraToken(credential: string): boolean {
  return JWT_SHAPE.test(credential) && credential.startsWith("eyJ");
}

export function azureAuthHeaders(credential: string | undefined): Record<string, string> {
  if (credential === undefined) return {};
  return isEntraToken(credential) ? { authorization: `Bearer ${credential}` } : { "api-key": credential };
}

export interface AzureBase {
  readonly style: AzureUrlStyle;
  /** Origin and path up to and including `/openai` (deployments) or `/openai/v1` (v1). */
  readonly root: string;
  /** The api-version the base URL carries, if any. */
  readonly apiVersion: string | undefined;
}

/** Reads the URL style off a base URL; anything else is bad input, named. */
export function parseAzureBase(baseUrl: string): AzureBase {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`azure: --base-url '${baseUrl}' is not a URL`);
  }
  for (const name of url.searchParams.keys()) {
    if (name !== "api-version") throw new Error(`azure: --base-url may carry only '?api-version=' in its query (found '${name}'; a key goes in the api-key header, never the URL)`);
  }
  const path = url.pathname.replace(/\/+$/, "");
  const apiVersion = url.searchParams.get("api-version") ?? undefined;
  const root = `${url.origin}${path}`;
  if (/\/openai\/v1$/i.test(path)) return { style: "v1", root, apiVersion };
  if (/\/openai$/i.test(path)) return { style: "deployments", root, apiVersion };
  throw new Error(`azure: --base-url '${url.origin}${path}' must end in /openai/v1 (the v1 API) or /openai (deployments, with ?api-version=…)`);
}

export function buildAzureRequest(options: BuildRequestOptions): WireRequest {
  const base = parseAzureBase(options.baseUrl ?? AZURE_BASE_URL);
  const responses = options.mode.startsWith("responses.");
  // OpenAI's builders place the schema; the URL and auth are Azure's.
  const { apiKey, ...rest } = options;
  const placed = { ...rest, baseUrl: base.root };
  const openai = responses ? buildOpenAIResponsesRequest(placed) : buildOpenAIChatRequest(placed);
  const headers = { ...openai.headers, ...azureAuthHeaders(apiKey) };
  return { ...openai, url: azureUrl(base, responses ? "responses" : "chat/completions", options.model, responses), headers };
}

function azureUrl(base: AzureBase, operation: string, deployment: string, responses: boolean): string {
  if (base.style === "v1") return `${base.root}/${operation}${base.apiVersion === undefined ? "" : `?api-version=${encodeURIComponent(base.apiVersion)}`}`;
  const version = encodeURIComponent(base.apiVersion ?? (responses ? AZURE_RESPONSES_API_VERSION : AZURE_DEFAULT_API_VERSION));
  if (responses) return `${base.root}/responses?api-version=${version}`;
  return `${base.root}/deployments/${encodeURIComponent(deployment)}/${operation}?api-version=${version}`;
}

/** OpenAI's chat and Responses modes as Azure documents them (Learn: structured outputs, Responses API). */
export const AZURE_MODES = [
  "chat.response_format.strict",
  "chat.response_format",
  "chat.tools.strict",
  "chat.tools",
  "chat.tools.auto",
  "responses.text.format.strict",
  "responses.tools.strict",
  "responses.tools.default",
] as const;

/** Where a live probe finds an Entra token when no key is set (sent as Bearer). */
export const AZURE_TOKEN_ENV = "AZURE_OPENAI_AD_TOKEN";
