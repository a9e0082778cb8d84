// Amazon Bedrock Runtime requests: Converse (`POST /model/{modelId}/converse`, Bedrock's own body:
// `toolConfig.tools[].toolSpec.inputSchema.json`, `strict`, `outputConfig.textFormat`) and InvokeModel
// (`POST /model/{modelId}/invoke`, Claude's native Messages body with `anthropic_version:
// "bedrock-2023-05-31"`, the model in the URL). Auth: a Bedrock API key as `Authorization: Bearer`, or
// SigV4 (service `bedrock`) with the caller's credentials; the builder never reads the environment.
import { DEFAULT_TOOL_NAME, refuseExtraTools, UnknownModeError, type BuildRequestOptions, type WireRequest } from "../wire/wire-types.js";
import { signAwsRequest, type AwsCredentials } from "./sign-aws-sigv4.js";

export const BEDROCK_DEFAULT_REGION = "us-east-1";
export const BEDROCK_ANTHROPIC_VERSION = "bedrock-2023-05-31";
export const BEDROCK_DEFAULT_MAX_TOKENS = 1024;
/** The SigV4 service name of bedrock-runtime.{region}.amazonaws.com. */
export const BEDROCK_SIGNING_SERVICE = "bedrock";

export const BEDROCK_CONVERSE_MODES = ["converse.tools", "converse.tools.strict", "converse.outputConfig.textFormat"] as const;
export const BEDROCK_INVOKE_MODES = ["invoke.claude.tools", "invoke.claude.tools.strict", "invoke.claude.output_config.format"] as const;
export const BEDROCK_MODES = [...BEDROCK_CONVERSE_MODES, ...BEDROCK_INVOKE_MODES] as const;

export interface BedrockRequestOptions extends BuildRequestOptions {
  /** Default us-east-1; decides the host (`bedrock-runtime.{region}.amazonaws.com`) and the SigV4 scope. */
  readonly region?: string;
  /** Signs with SigV4 when no `apiKey` (a Bedrock API key) is given. */
  readonly awsCredentials?: AwsCredentials;
  /** The signing time (default now). */
  readonly signedAt?: Date;
}

export function bedrockBaseUrl(region: string = BEDROCK_DEFAULT_REGION): string {
  return `https://bedrock-runtime.${region}.amazonaws.com`;
}

export function buildBedrockRequest(options: BedrockRequestOptions): WireRequest {
  if (options.stream === true) {
    throw new Error("bedrock: streaming (ConverseStream, InvokeModelWithResponseStream) uses AWS event-stream framing, which this adapter does not read; probe without --stream");
  }
  const invoke = options.mode.startsWith("invoke.");
  if (!invoke && !(BEDROCK_CONVERSE_MODES as readonly string[]).includes(options.mode)) throw new UnknownModeError("bedrock", options.mode, BEDROCK_MODES);
  const body = invoke ? invokeBody(options) : converseBody(options);
  const region = options.region ?? BEDROCK_DEFAULT_REGION;
  const base = (options.baseUrl ?? bedrockBaseUrl(region)).replace(/\/+$/, "");
  const url = `${base}/model/${encodeURIComponent(options.model)}/${invoke ? "invoke" : "converse"}`;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  else if (options.awsCredentials !== undefined) {
    const signed = signAwsRequest({
      method: "POST",
      url,
      body: JSON.stringify(body),
      headers,
      region,
      service: BEDROCK_SIGNING_SERVICE,
      credentials: options.awsCredentials,
      now: options.signedAt ?? new Date(),
    });
    Object.assign(headers, signed);
  }
  return { api: invoke ? "bedrock-invoke" : "bedrock-converse", url, method: "POST", headers, body, stream: false };
}

function converseBody(options: BuildRequestOptions): Record<string, unknown> {
  const name = options.toolName ?? DEFAULT_TOOL_NAME;
  const body: Record<string, unknown> = {
    messages: [{ role: "user", content: [{ text: options.prompt }] }],
    inferenceConfig: { maxTokens: options.maxTokens ?? BEDROCK_DEFAULT_MAX_TOKENS },
  };
  if (options.mode === "converse.outputConfig.textFormat") {
    refuseExtraTools(options);
    // The schema travels as a JSON string (JsonSchemaDefinition.schema is a string in the API model).
    body.outputConfig = { textFormat: { type: "json_schema", structure: { jsonSchema: { schema: JSON.stringify(options.schema), name } } } };
    return body;
  }
  const strict = options.mode === "converse.tools.strict" ? { strict: true } : {};
  const tools = [{ name, schema: options.schema }, ...(options.extraTools ?? [])].map((tool) => ({ toolSpec: { name: tool.name, ...strict, inputSchema: { json: tool.schema } } }));
  body.toolConfig = { tools, toolChoice: { tool: { name } } };
  return body;
}

/** Claude's Messages body as InvokeModel takes it: no `model` (it is in the URL), a Bedrock `anthropic_version`. */
function invokeBody(options: BuildRequestOptions): Record<string, unknown> {
  const name = options.toolName ?? DEFAULT_TOOL_NAME;
  const body: Record<string, unknown> = {
    anthropic_version: BEDROCK_ANTHROPIC_VERSION,
    max_tokens: options.maxTokens ?? BEDROCK_DEFAULT_MAX_TOKENS,
    messages: [{ role: "user", content: options.prompt }],
  };
  switch (options.mode) {
    case "invoke.claude.output_config.format":
      refuseExtraTools(options);
      body.output_config = { format: { type: "json_schema", schema: options.schema } };
      return body;
    case "invoke.claude.tools":
    case "invoke.claude.tools.strict": {
      const flags = options.mode === "invoke.claude.tools.strict" ? { strict: true } : {};
      body.tools = [{ name, schema: options.schema }, ...(options.extraTools ?? [])].map((tool) => ({ name: tool.name, ...flags, input_schema: tool.schema }));
      body.tool_choice = { type: "tool", name };
      return body;
    }
    default:
      throw new UnknownModeError("bedrock", options.mode, BEDROCK_MODES);
  }
}

/**
 * How a caller authenticates from its environment: AWS_BEARER_TOKEN_BEDROCK (a Bedrock API key) first,
 * else AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN) for SigV4; AWS_REGION names the region.
 */
export function bedrockAuthFromEnv(env: NodeJS.ProcessEnv): { apiKey?: string; awsCredentials?: AwsCredentials; region?: string } {
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || undefined;
  const withRegion = region === undefined ? {} : { region };
  const apiKey = env.AWS_BEARER_TOKEN_BEDROCK?.trim();
  if (apiKey) return { apiKey, ...withRegion };
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return withRegion;
  const sessionToken = env.AWS_SESSION_TOKEN;
  return { awsCredentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }, ...withRegion };
}
