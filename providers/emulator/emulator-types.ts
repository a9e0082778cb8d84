// Shapes shared by the emulator server, its model, its schema policy and the per-provider wire modules.
import type { IncomingHttpHeaders } from "node:http";
import type { CapabilityStatus, GuaranteedBounds, LimitName, ModeLimits, ModeRules, ProviderProfile, RuleName } from "../profiles/profile-types.js";
import type { SchemaInvalidity } from "./schema-rules/emulator-check-conformance.js";
import type { ProviderId, WireApi } from "../wire/wire-types.js";

/** What a profile says about one feature in one mode, reduced to what the emulator acts on. */
export interface FeaturePolicy {
  readonly status: CapabilityStatus;
  readonly error?: string;
}

export interface ModePolicy {
  readonly mode: string;
  /** `constrained`: the emulated model decodes against the schema; otherwise it follows the prompt. */
  readonly enforcement: "constrained" | "best-effort" | "unknown";
  readonly features: Readonly<Record<string, FeaturePolicy>>;
  readonly rules: ModeRules;
  readonly ruleErrors: Readonly<Partial<Record<RuleName, string>>>;
  readonly limits: ModeLimits;
  readonly limitErrors: Readonly<Partial<Record<LimitName, string>>>;
  /** `request`: size limits are summed over every schema of the request that counts (Anthropic's strict tools and output schema). */
  readonly limitScope: "schema" | "request";
  /** Bounds held only up to these sizes: past them the emulated model is not held to the bound. */
  readonly guaranteedBounds?: GuaranteedBounds;
}

/** A per-mode feature map, for tests that do not want a whole ProviderProfile. */
export type PlainModeMap = Readonly<Record<string, Readonly<Record<string, CapabilityStatus | FeaturePolicy>>>>;

/** Where a fault applies: every request, those matching all given fields, or a predicate. */
export type FaultScope =
  | {
      readonly promptIncludes?: string;
      readonly feature?: string;
      readonly mode?: string;
      readonly api?: WireApi;
      readonly stream?: boolean;
    }
  | ((request: FaultContext) => boolean);

export interface FaultContext {
  readonly api: WireApi | null;
  readonly mode: string | null;
  readonly prompt: string;
  readonly features: readonly string[];
  readonly stream: boolean;
  readonly path: string;
  /** 1 for the first request that reached the fault stage of this server, then 2, 3... */
  readonly requestNumber: number;
}

interface FaultBase {
  readonly when?: FaultScope;
  /** Fire on the first N matching requests only (default: all). */
  readonly times?: number;
}

export type FaultSpec = FaultBase &
  (
    | { readonly kind: "rate-limit"; readonly retryAfterS: number }
    | { readonly kind: "server-error"; readonly status: 500 | 503 | 529 }
    | { readonly kind: "reset" }
    | { readonly kind: "slow"; readonly delayMs: number }
    | { readonly kind: "malformed-body" }
    | { readonly kind: "truncated-stream" }
    | { readonly kind: "truncated" }
    | { readonly kind: "refusal" }
    /** The provider's own refusal of the request's schema (its 400 text), whatever the profile says. */
    | { readonly kind: "reject-schema" }
    /** A stream that starts, then carries the provider's error event (overloaded) where it would be cut. */
    | { readonly kind: "stream-error" }
    /** The provider's content filter refuses the prompt (Azure: HTTP 400 `content_filter`); providers without one ignore it. */
    | { readonly kind: "content-filter" }
  );

export type FaultKind = FaultSpec["kind"];

/** The request the emulated model answers, read from whichever wire shape carried it. */
export interface EmulatedCall {
  readonly api: WireApi;
  /** The profile mode this request shape maps to; null when it maps to none (answered best-effort). */
  readonly mode: string | null;
  readonly stream: boolean;
  readonly model: string;
  readonly prompt: string;
  /** The schema exactly as sent; undefined for a request without one. */
  readonly schema: unknown;
  /** Gemini's `responseSchema` / `parameters` use the OpenAPI dialect; everything else is JSON Schema. */
  readonly dialect: "json-schema" | "openapi";
  /** Tool name or structured-output name, for answers and error texts. */
  readonly name: string;
  readonly deliver: "tool" | "text";
  /** Where the schema sits, as the provider names it in errors (`response_format`, `tools[0].function.parameters`). */
  readonly schemaParam: string;
  readonly maxTokens?: number;
  /** Chat Completions: `stream_options.include_usage` asks for a final usage-only chunk. */
  readonly streamUsage?: boolean;
  /** How a stream is framed: SSE events (default), or one JSON array sent in pieces (Gemini without `alt=sse`). */
  readonly streamFraming?: StreamFraming;
  /**
   * False when the request itself turns constrained decoding off for this call (Gemini
   * `functionCallingConfig.mode` AUTO or NONE); absent, the mode's policy decides.
   */
  readonly toolChoiceConstrains?: boolean;
  /** The request's tools, for tool-count limits; absent for a request without tools. */
  readonly tools?: ToolTally;
  /**
   * The request's other schemas that share its per-request size limits (Anthropic: the other strict
   * tools and the output schema); summed with this one where the mode's limit scope is `request`.
   */
  readonly requestSchemas?: readonly unknown[];
  /** Request settings the answer repeats (the Responses object echoes tools, tool_choice, text...). */
  readonly echo?: Readonly<Record<string, unknown>>;
}

/** How many tools one request carries, and how many of them are strict (constrained). */
export interface ToolTally {
  readonly count: number;
  readonly strict: number;
}

export type StreamFraming = "sse" | "json-array";

/** Why the schema is refused: a feature cell, a mode rule or a limit. */
export interface SchemaRejection {
  readonly feature: string;
  /** JSON Pointer of the schema location the error is about. */
  readonly path: string;
  /** The keyword to name in the error text (`<kw>`). */
  readonly keyword: string;
  /** The profile's verbatim text with `<...>` placeholders; absent when the profile has none. */
  readonly template?: string;
  readonly rule?: RuleName | LimitName;
  /** Placeholder values known from the schema: `key`, `type`, `keywords`, `limit`, `count`, `length`. */
  readonly vars: Readonly<Record<string, string>>;
}

export type ModelOutput =
  | { readonly kind: "value"; readonly value: unknown; readonly text: string }
  | { readonly kind: "refusal"; readonly text: string }
  | { readonly kind: "truncated"; readonly partial: string };

export interface ErrorReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Reply =
  | { readonly kind: "json"; readonly status: number; readonly body: unknown }
  /** Framed SSE events; `cutIndex` is where a truncated-stream fault cuts (mid tool arguments or text). */
  | { readonly kind: "sse"; readonly events: readonly string[]; readonly cutIndex: number }
  /** A JSON array written element by element (`[`, elements joined by `,\r\n`, `]`); `cutIndex` as for SSE. */
  | { readonly kind: "json-array"; readonly elements: readonly string[]; readonly cutIndex: number };

export interface Route {
  readonly api: WireApi;
  /** Set when the URL decides streaming (Gemini); otherwise the body's `stream` does. */
  readonly stream?: boolean;
  /** From the URL (Gemini puts the model in the path). */
  readonly model?: string;
  /** From the URL (Gemini: `alt=sse` or a JSON array). */
  readonly streamFraming?: StreamFraming;
}

export interface Usage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** One provider's wire format, as the shared server drives it. */
export interface ProviderEmulator {
  readonly provider: ProviderId;
  /** Appended to the server origin to give the base URL as the provider's SDK takes it. */
  readonly baseUrlPath: string;
  /** Appended to the origin for the Vercel AI SDK provider's `baseURL`. */
  readonly aiSdkPath: string;
  /** The response header that carries the request id (`x-request-id`, Anthropic's `request-id`), and its value. */
  requestId(ids: IdSource): { readonly header: string; readonly value: string };
  route(method: string, url: URL): Route | null;
  authError(headers: IncomingHttpHeaders, auth: AuthPolicy, url: URL): ErrorReply | null;
  /** `url` for what the query decides (Azure's api-version). */
  readCall(route: Route, body: Record<string, unknown>, url?: URL): EmulatedCall | ErrorReply;
  schemaError(call: EmulatedCall, rejection: SchemaRejection): ErrorReply;
  /** A schema that is no schema: the provider's text, never the validator's (SchemaInvalidity.internal is for the log). */
  invalidSchemaError(call: EmulatedCall, invalidity: SchemaInvalidity): ErrorReply;
  rateLimitError(retryAfterS: number, model: string): ErrorReply;
  serverError(status: number): ErrorReply;
  notFound(method: string, path: string): ErrorReply;
  badRequestBody(detail: string): ErrorReply;
  answer(call: EmulatedCall, output: ModelOutput, usage: Usage, ids: IdSource): Reply;
  /** The provider's answer to a prompt its content filter blocks (Azure), for the `content-filter` fault. */
  contentFilterError?(call: EmulatedCall): ErrorReply;
  /** The framed event (SSE, or a JSON-array element) a stream carries when the server fails mid-answer. */
  streamError(call: EmulatedCall): string;
  /**
   * Keywords a schema dialect of this provider defines that the JSON Schema taxonomy does not (Gemini's
   * OpenAPI `nullable`, `propertyOrdering`...): accepted as the dialect's own, never `keyword:other`.
   */
  readonly dialectKeywords?: Readonly<Partial<Record<EmulatedCall["dialect"], ReadonlySet<string>>>>;
  /**
   * A tool call's arguments are an object on this wire (Gemini's `args` is a protobuf Struct): a non-object
   * root its profile leaves unknown cannot come back as a call, so it is refused as a documented refusal is.
   */
  readonly objectToolArguments?: boolean;
}

/** Whether a key must be sent, and which keys count as valid (null: any non-empty key). */
export interface AuthPolicy {
  readonly required: boolean;
  readonly keys: readonly string[] | null;
}

/** Deterministic ids in each provider's style, seeded per emulator. */
export interface IdSource {
  alnum(length: number): string;
  hex(length: number): string;
  /** Seconds since the epoch, advancing one per call from a fixed start, for `created` fields. */
  timestamp(): number;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly api: WireApi | null;
  readonly mode: string | null;
  readonly features: readonly string[];
  /** What the emulator did: `answered`, `rejected:<feature>`, `fault:<kind>`, `auth`, `not-found`... */
  readonly outcome: string;
  /**
   * How the answer was obtained: the prompt's value as-is; repaired to conform; `generated` when some
   * part of it (the smallest that repair could not fix) was made afresh; `unrepairable` when even that
   * failed and the value was sent as repaired; `best-effort` when nothing constrained it.
   */
  readonly decoding?: "as-is" | "repaired" | "generated" | "unrepairable" | "best-effort";
  /** The HTTP status sent; null when the connection was reset instead. */
  readonly status?: number | null;
  /** The id the answer carries in the provider's request-id header. */
  readonly requestId?: string;
  readonly model?: string;
  readonly stream?: boolean;
  /** The kinds of the faults that fired for this request. */
  readonly faults?: readonly string[];
  /** For an invalid schema: the lab's validator's own words (never sent to the client). */
  readonly detail?: string;
}

export interface EmulatorOptions {
  readonly provider: ProviderId;
  /** Default: `providers/<id>/profile.json` when present. */
  /** A profile, a plain per-mode map, or the name of a sub-profile (`vllm` for providers/openai-compatible/vllm.profile.json). */
  readonly profile?: ProviderProfile | PlainModeMap | string;
  /** How `unknown` (and missing) cells behave; default: enforced in constrained modes, ignored otherwise. */
  readonly unknownAs?: "enforced" | "ignored" | "rejected";
  readonly faults?: readonly FaultSpec[];
  /** Keys the server accepts. Default: any non-empty key (a missing key is still refused), except for
   * openai-compatible, which by default runs without auth as vLLM does without `--api-key`. */
  readonly apiKeys?: readonly string[] | "any" | "none";
  /** Seed for ids; the same seed gives the same ids. */
  readonly seed?: number;
}

/** Base URLs as each SDK takes them. */
export interface SdkUrls {
  /** The provider's own SDK: OpenAI `baseURL` (…/v1), Anthropic `baseURL` (origin), @google/genai `httpOptions.baseUrl` (origin). */
  readonly sdk: string;
  /** The Vercel AI SDK provider's `baseURL`: …/v1 for @ai-sdk/openai, anthropic and openai-compatible, …/v1beta for @ai-sdk/google. */
  readonly aiSdk: string;
}

export interface EmulatorHandle {
  /** Base URL as the provider's SDK takes it (`http://127.0.0.1:PORT/v1` for OpenAI-style, origin otherwise). */
  readonly baseUrl: string;
  readonly origin: string;
  readonly urls: SdkUrls;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}
