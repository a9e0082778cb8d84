// The common shapes of the wire layer: what a request builder produces, what comes back raw, and the
// one normalised answer every provider's parser maps to. Probe, dispatch fixtures and emulators share them.

export type ProviderId =
  | "openai"
  | "anthropic"
  | "google"
  | "openai-compatible"
  | "azure"
  | "bedrock";

/** One HTTP API shape; a provider may speak several (OpenAI: Chat Completions and Responses). */
export type WireApi =
  | "openai-chat"
  | "openai-responses"
  | "anthropic-messages"
  | "gemini-generate"
  | "bedrock-converse"
  | "bedrock-invoke";

/** A tool sent beside the schema's own (see BuildRequestOptions.extraTools). */
export interface ExtraTool {
  readonly name: string;
  readonly schema: unknown;
}

/** Extra tools belong in tool modes; a structured-output request has no tool list to put them in. */
export function refuseExtraTools(options: BuildRequestOptions): void {
  if ((options.extraTools ?? []).length > 0) throw new Error(`extra tools go only with a tool mode, not ${options.mode}`);
}

/** What every request builder takes. The caller reads the key from the environment; builders never do. */
export interface BuildRequestOptions {
  readonly model: string;
  /** The user message, sent verbatim. */
  readonly prompt: string;
  /** The schema exactly as it should travel (translation happens before this layer). */
  readonly schema: unknown;
  /** Mode id from the provider profile, e.g. `chat.tools.strict`; decides where the schema goes. */
  readonly mode: string;
  /** Tool name for tool modes, structured-output name for the others. Default `answer`. */
  readonly toolName?: string;
  /**
   * Tool modes only: further tools sent after the schema's own, each placed (and strict) as the mode
   * places its tool and never chosen, so a request carries as many tools as a tool-count limit probe asks.
   */
  readonly extraTools?: readonly ExtraTool[];
  readonly stream?: boolean;
  readonly maxTokens?: number;
  readonly apiKey?: string;
  /** Base URL as the provider's SDK takes it (OpenAI: `https://api.openai.com/v1`). */
  readonly baseUrl?: string;
}

export interface WireRequest {
  readonly api: WireApi;
  readonly url: string;
  readonly method: "POST";
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body as an object, so tests and evidence can read the schema's place in it. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly stream: boolean;
}

/** What came back, untouched: the lab keeps exactly what the provider said. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyText: string;
  /** The body as it arrived, chunk by chunk (one chunk for most non-streamed answers). */
  readonly chunks: readonly string[];
  /** Set when the connection failed after the headers arrived (a stream cut mid-way). */
  readonly streamError?: string;
  readonly durationMs: number;
  /** Redirects met on the way, followed (same origin) or not: evidence, never silent. */
  readonly redirects?: readonly RedirectHop[];
}

/** One 3xx with a Location: where it pointed (origin and path only: a query may carry a key) and whether it was followed. */
export interface RedirectHop {
  readonly status: number;
  readonly location: string;
  readonly followed: boolean;
  readonly why?: string;
}

/** sendRequest never throws for network trouble: a reset or a timeout is an outcome the caller classifies. */
export type SendOutcome =
  | { readonly kind: "response"; readonly response: RawResponse }
  | { readonly kind: "network-error"; readonly message: string; readonly code: string; readonly durationMs: number; readonly redirects?: readonly RedirectHop[] };

export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** The parsed arguments; undefined when they did not parse (never replaced by `{}`). */
  readonly arguments: unknown | undefined;
  /** Arguments as text: OpenAI's JSON string verbatim, JSON.stringify of Anthropic/Gemini objects. */
  readonly rawArguments: string;
  readonly parseError?: string;
}

export type ProviderAnswer =
  | { readonly kind: "tool-calls"; readonly calls: readonly ToolCall[] }
  | { readonly kind: "structured"; readonly value: unknown; readonly rawText: string; readonly parseError?: string }
  | { readonly kind: "refusal"; readonly text: string }
  | { readonly kind: "truncated"; readonly reason: string; readonly partial?: string }
  | {
      readonly kind: "error";
      readonly status: number;
      readonly errorType: string;
      readonly message: string;
      /** From the Retry-After header, or Gemini's RetryInfo detail. */
      readonly retryAfterS?: number;
    };

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface ProviderResponse {
  readonly answer: ProviderAnswer;
  /** The provider's own finish signal, verbatim (`tool_calls`, `max_tokens`, `MAX_TOKENS`, `incomplete`...). */
  readonly finishReason: string | null;
  readonly usage: TokenUsage | null;
  readonly model: string | null;
}

/** errorType used when a 2xx body (or stream event) is not the JSON the API promises. */
export const MALFORMED_RESPONSE = "malformed_response";

/** A mode the builder does not know: bad input at the edge, named with the place it came from. */
export class UnknownModeError extends Error {
  override readonly name = "UnknownModeError";
  constructor(api: string, mode: string, known: readonly string[]) {
    super(`${api}: unknown mode "${mode}" (known: ${known.join(", ")})`);
  }
}

export const DEFAULT_TOOL_NAME = "answer";
