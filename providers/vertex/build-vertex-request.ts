// Gemini on Vertex AI: the Gemini API's generateContent body (build-gemini-request.ts) sent to Vertex's
// resource URLs — `https://{location}-aiplatform.googleapis.com/v1/projects/{project}/locations/{location}
// /publishers/google/models/{model}:generateContent` (and `:streamGenerateContent?alt=sse`), the global
// endpoint (aiplatform.googleapis.com, location `global`), and express mode
// (`https://aiplatform.googleapis.com/v1/publishers/google`, an API key instead of an access token).
// Vertex alone has `generationConfig.responseFormat` (@google/genai: ResponseFormat "is not supported in
// Gemini API"): a list whose `text` entry carries `mimeType` and a JSON Schema `schema`.
import { buildGeminiBody, GEMINI_MODES, placeGeminiSchema } from "../google/build-gemini-request.js";
import { refuseExtraTools, UnknownModeError, type BuildRequestOptions, type WireRequest } from "../wire/wire-types.js";

export const VERTEX_EXPRESS_BASE_URL = "https://aiplatform.googleapis.com/v1/publishers/google";

export const VERTEX_MODES = [...GEMINI_MODES, "generate.responseFormat"] as const;

export interface VertexLocation {
  readonly project: string;
  /** A region (`us-central1`), `global`, or a multi-region (`us`, `eu`). */
  readonly location: string;
  /** Default `v1`; `v1beta1` for preview fields. */
  readonly apiVersion?: string;
}

/** The resource prefix requests go under, as @ai-sdk/google-vertex takes it for `baseURL`. */
export function vertexBaseUrl({ project, location, apiVersion = "v1" }: VertexLocation): string {
  const host = location === "global" ? "aiplatform.googleapis.com" : location === "us" || location === "eu" ? `aiplatform.${location}.rep.googleapis.com` : `${location}-aiplatform.googleapis.com`;
  return `https://${host}/${apiVersion}/projects/${encodeURIComponent(project)}/locations/${encodeURIComponent(location)}/publishers/google`;
}

/**
 * The base URL a live probe uses when none is given: GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION
 * (default `global`) as the Google SDKs read them; without a project, express mode.
 */
export function vertexBaseUrlFromEnv(env: NodeJS.ProcessEnv): string {
  const project = env.GOOGLE_CLOUD_PROJECT;
  if (project === undefined || project === "") return VERTEX_EXPRESS_BASE_URL;
  return vertexBaseUrl({ project, location: env.GOOGLE_CLOUD_LOCATION || "global" });
}

/** A project path takes an OAuth access token; express mode (no `/projects/`) takes an API key. */
export function isExpressModeUrl(baseUrl: string): boolean {
  return !/\/projects\/[^/]+\/locations\//.test(baseUrl);
}

export function buildVertexRequest(options: BuildRequestOptions): WireRequest {
  const stream = options.stream ?? false;
  const body = buildGeminiBody(options, placeVertexSchema);
  const baseUrl = (options.baseUrl ?? VERTEX_EXPRESS_BASE_URL).replace(/\/+$/, "");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey !== undefined) {
    if (isExpressModeUrl(baseUrl)) headers["x-goog-api-key"] = options.apiKey;
    else headers.authorization = `Bearer ${options.apiKey}`;
  }
  const model = options.model.replace(/^(publishers\/google\/)?models\//, "");
  const method = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  return { api: "gemini-generate", url: `${baseUrl}/models/${encodeURIComponent(model)}:${method}`, method: "POST", headers, body, stream };
}

function placeVertexSchema(options: BuildRequestOptions, generationConfig: Record<string, unknown>): Record<string, unknown> {
  if (options.mode !== "generate.responseFormat") {
    try {
      return placeGeminiSchema(options, generationConfig);
    } catch (error) {
      if (error instanceof UnknownModeError) throw new UnknownModeError("vertex generateContent", options.mode, VERTEX_MODES);
      throw error;
    }
  }
  refuseExtraTools(options);
  generationConfig.responseFormat = [{ text: { mimeType: "application/json", schema: options.schema } }];
  return {};
}
