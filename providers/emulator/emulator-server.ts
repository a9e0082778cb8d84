// The HTTP plumbing every provider emulator shares: a loopback node:http server that reads a request,
// routes it to the provider's wire module, applies injected faults, decides what the schema gets
// (refusal or constrained decoding) and writes the answer (emulator-write-reply.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { detectFeatures } from "../../src/schema/detect-features.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { createConformanceChecker } from "./schema-rules/emulator-check-conformance.js";
import { createFaultPlan, faultOf } from "./emulator-faults.js";
import { createIdSource } from "./emulator-ids.js";
import { decodeAnswer, type ValidValueGenerator } from "./emulator-model.js";
import { orderAsDeclared } from "./answer/emulator-property-order.js";
import { decideSchema, type RequestFacts } from "./schema-rules/emulator-schema-decision.js";
import type {
  AuthPolicy,
  EmulatedCall,
  EmulatorHandle,
  ErrorReply,
  FaultSpec,
  ModelOutput,
  ModePolicy,
  ProviderEmulator,
  RecordedRequest,
  Reply,
} from "./emulator-types.js";
import { redactHeaders } from "../wire/wire-send-request.js";
import { writeOutcome } from "./emulator-write-reply.js";
import { forcedRejection } from "./emulator-forced-rejection.js";
import { BodyTooLargeError, bodyTooLargeReply, DEFAULT_REQUEST_LIMITS, redactPath, unreadableSchemaDetail, type RequestLimits } from "./emulator-request-limits.js";

export interface ServerConfig {
  readonly emulator: ProviderEmulator;
  readonly policies: ReadonlyMap<string, ModePolicy>;
  readonly faults: readonly FaultSpec[];
  readonly auth: AuthPolicy;
  readonly seed: number;
  readonly unknownAs?: "enforced" | "ignored" | "rejected";
  readonly validValue?: ValidValueGenerator;
  /** Converts a non-JSON-Schema dialect (Gemini's OpenAPI subset) before detection and validation. */
  readonly toJsonSchema?: (schema: unknown) => JsonSchema;
  /** The loopback port to listen on; 0 (the default) lets the system pick a free one. */
  readonly port?: number;
  /** Called with each request's record as its answer is written (the `--log` JSON Lines). */
  readonly onRecord?: (record: RecordedRequest) => void;
  /** Body bound, timeouts and how many records `requests` keeps (emulator-request-limits.ts). */
  readonly limits?: Partial<RequestLimits>;
}

type Outcome =
  | { readonly kind: "reset"; readonly label: string }
  | { readonly kind: "error"; readonly reply: ErrorReply; readonly label: string; readonly detail?: string }
  | { readonly kind: "answer"; readonly reply: Reply; readonly label: string; readonly decoding?: RecordedRequest["decoding"] };

interface Exchange {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage["headers"];
  readonly bodyText: string;
  body: unknown;
  call: EmulatedCall | null;
  features: string[];
  fired: FaultSpec[];
}

export async function startEmulatorServer(config: ServerConfig): Promise<EmulatorHandle> {
  const requests: RecordedRequest[] = [];
  const limits: RequestLimits = { ...DEFAULT_REQUEST_LIMITS, ...config.limits };
  const ids = createIdSource(config.seed);
  const checker = createConformanceChecker();
  const plan = createFaultPlan(config.faults);
  // Timeouts are checked this often (node's default is 30 s): a stuck socket is closed soon after its limit.
  const server = createServer({ connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.requestTimeoutMs / 2)) }, (req, res) => {
    // A client that gave up (its timeout) is not the emulator's failure.
    res.on("error", () => undefined);
    void serve(req, res).catch((error: unknown) => {
      // Never a stack trace or a path: a client sees that the emulator failed, the name of the error at most.
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`emulator failure: ${(error as Error)?.name ?? "error"}`);
    });
  });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let bodyText: string;
    try {
      bodyText = await readBody(req, limits.maxBodyBytes, limits.requestTimeoutMs);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      const reply = bodyTooLargeReply(config.emulator.provider, limits.maxBodyBytes);
      // The rest of the body is not read: the answer goes out and the connection closes.
      res.writeHead(reply.status, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify(reply.body), () => req.destroy());
      return;
    }
    const exchange: Exchange = {
      method: req.method ?? "GET",
      url: safeUrl(req.url),
      headers: req.headers,
      bodyText,
      body: undefined,
      call: null,
      features: [],
      fired: [],
    };
    const outcome = await respond(exchange);
    const requestId = config.emulator.requestId(ids);
    const stamped = withRequestId(outcome, requestId.value);
    const entry = record(exchange, stamped, requestId.value);
    requests.push(entry);
    // A bounded log: memory stays flat however long the emulator serves (every record still reaches onRecord).
    if (requests.length > limits.keepRequests) requests.splice(0, requests.length - limits.keepRequests);
    writeOutcome(res, stamped, exchange.fired, requestId, () => (exchange.call === null ? "" : config.emulator.streamError(exchange.call)));
    config.onRecord?.(entry);
  }

  async function respond(exchange: Exchange): Promise<Outcome> {
    const { emulator } = config;
    const route = emulator.route(exchange.method, exchange.url);
    if (route === null) return { kind: "error", reply: emulator.notFound(exchange.method, exchange.url.pathname), label: "not-found" };
    const authError = emulator.authError(exchange.headers, config.auth, exchange.url);
    if (authError !== null) return { kind: "error", reply: authError, label: "auth" };
    const body = parseBody(exchange.bodyText);
    if (body === null) return { kind: "error", reply: emulator.badRequestBody("body is not a JSON object"), label: "bad-body" };
    exchange.body = body;
    const call = emulator.readCall(route, body, exchange.url);
    if (!isCall(call)) return { kind: "error", reply: call, label: "bad-request" };
    exchange.call = call;
    try {
      return await respondToCall(exchange, call);
    } catch (error) {
      // A schema the emulator cannot read ({"$ref":"#"}, nesting past the stack): the provider's 400.
      const detail = unreadableSchemaDetail(error);
      return { kind: "error", reply: emulator.invalidSchemaError(call, { pointer: "", value: null, internal: detail }), label: "invalid-schema", detail };
    }
  }

  async function respondToCall(exchange: Exchange, call: EmulatedCall): Promise<Outcome> {
    const jsonSchema = call.schema === undefined ? undefined : toJsonSchema(call);
    exchange.features = jsonSchema === undefined ? [] : [...new Set(detectFeatures(jsonSchema).map((use) => use.feature))];
    exchange.fired = plan.fire({ api: call.api, mode: call.mode, prompt: call.prompt, features: exchange.features, stream: call.stream, path: exchange.url.pathname });
    const faulted = await applyPreAnswerFaults(exchange.fired, call);
    if (faulted !== null) return faulted;
    return answer(call, jsonSchema, exchange.fired);
  }

  function toJsonSchema(call: EmulatedCall): JsonSchema {
    return call.dialect === "openapi" && config.toJsonSchema !== undefined ? config.toJsonSchema(call.schema) : (call.schema as JsonSchema);
  }

  async function applyPreAnswerFaults(fired: readonly FaultSpec[], call: EmulatedCall): Promise<Outcome | null> {
    if (faultOf(fired, "reset") !== undefined) return { kind: "reset", label: "fault:reset" };
    const slow = faultOf(fired, "slow");
    if (slow !== undefined) await new Promise((resolve) => setTimeout(resolve, slow.delayMs));
    const rateLimit = faultOf(fired, "rate-limit");
    if (rateLimit !== undefined) {
      const reply = config.emulator.rateLimitError(rateLimit.retryAfterS, call.model);
      return { kind: "error", reply: { ...reply, headers: { ...reply.headers, "retry-after": String(rateLimit.retryAfterS) } }, label: "fault:rate-limit" };
    }
    const serverError = faultOf(fired, "server-error");
    if (serverError !== undefined) return { kind: "error", reply: config.emulator.serverError(serverError.status), label: "fault:server-error" };
    if (faultOf(fired, "content-filter") !== undefined && config.emulator.contentFilterError !== undefined) {
      return { kind: "error", reply: config.emulator.contentFilterError(call), label: "fault:content-filter" };
    }
    if (faultOf(fired, "reject-schema") !== undefined && call.schema !== undefined) {
      return { kind: "error", reply: config.emulator.schemaError(call, forcedRejection(call.schema)), label: "fault:reject-schema" };
    }
    return null;
  }

  function answer(call: EmulatedCall, jsonSchema: JsonSchema | undefined, fired: readonly FaultSpec[]): Outcome {
    const { emulator } = config;
    const policy = call.mode === null ? undefined : config.policies.get(call.mode);
    let effective: JsonSchema | undefined = jsonSchema;
    let constrained = false;
    if (jsonSchema !== undefined) {
      const invalid = checker.compileError(jsonSchema);
      if (invalid !== null) return { kind: "error", reply: emulator.invalidSchemaError(call, invalid), label: "invalid-schema", detail: invalid.internal };
      if (policy !== undefined) {
        const decision = decideSchema(jsonSchema, policy, config.unknownAs, requestFacts(call, emulator));
        if (decision.kind === "reject") return { kind: "error", reply: emulator.schemaError(call, decision.rejection), label: `rejected:${decision.rejection.feature}` };
        effective = decision.effective;
        constrained = decision.constrained && call.toolChoiceConstrains !== false;
      }
    }
    const decoded = decodeAnswer({ prompt: call.prompt, effective, constrained, checker, ...(config.validValue ? { validValue: config.validValue } : {}) });
    // A constrained mode writes properties in declared order unless its profile says the order is free.
    const orderFree = ["ignored", "rejected"].includes(policy?.features["order:properties"]?.status ?? "unknown");
    const ordered = constrained && !orderFree ? orderAsDeclared(decoded.text, effective) : decoded.text;
    const output = modelOutput(call, ordered, fired);
    const usage = { inputTokens: estimateTokens(call.prompt) + estimateTokens(JSON.stringify(call.schema ?? "")), outputTokens: estimateTokens(outputText(output)) };
    const label = output.kind === "value" ? "answered" : `answered:${output.kind}`;
    return { kind: "answer", reply: emulator.answer(call, output, usage, ids), label, decoding: decoded.decoding };
  }

  await listen(server, config.port ?? 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = { sdk: origin + config.emulator.baseUrlPath, aiSdk: origin + config.emulator.aiSdkPath };
  return { baseUrl: urls.sdk, origin, urls, requests, close: () => closeServer(server) };
}

/** Listening, or the bind error (a port in use) as a rejection rather than an unhandled event. */
function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** The request around the schema, as the decision reads it: its tools, its other schemas, its dialect's own keywords. */
function requestFacts(call: EmulatedCall, emulator: ProviderEmulator): RequestFacts {
  const dialectKeywords = emulator.dialectKeywords?.[call.dialect];
  return {
    ...(call.tools === undefined ? {} : { tools: call.tools }),
    ...(call.requestSchemas === undefined ? {} : { requestSchemas: call.requestSchemas }),
    ...(dialectKeywords === undefined ? {} : { dialectKeywords }),
    ...(emulator.objectToolArguments === true && call.deliver === "tool" ? { objectArguments: true } : {}),
  };
}

/** Refusal and truncation faults, or the natural cut when max tokens is smaller than the answer. */
function modelOutput(call: EmulatedCall, text: string, fired: readonly FaultSpec[]): ModelOutput {
  if (faultOf(fired, "refusal") !== undefined) return { kind: "refusal", text: "I'm sorry, I cannot assist with that request." };
  if (faultOf(fired, "truncated") !== undefined) return { kind: "truncated", partial: text.slice(0, Math.ceil(text.length / 2)) };
  if (call.maxTokens !== undefined && estimateTokens(text) > call.maxTokens) return { kind: "truncated", partial: text.slice(0, Math.max(0, call.maxTokens * 4)) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  return { kind: "value", value, text };
}

function outputText(output: ModelOutput): string {
  return output.kind === "truncated" ? output.partial : output.text;
}

/** About four characters a token: close enough for usage fields nobody bills. */
function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

const MAX_RECORDED_BODY_CHARS = 256 * 1024;

function record(exchange: Exchange, outcome: Outcome, requestId: string): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.headers)) if (typeof value === "string") headers[name] = value;
  return {
    method: exchange.method,
    path: redactPath(exchange.url.pathname + exchange.url.search),
    headers: redactHeaders(headers),
    // A large body is kept as its first characters: the log's memory does not grow with what clients send.
    body: exchange.bodyText.length > MAX_RECORDED_BODY_CHARS ? `${exchange.bodyText.slice(0, 2048)}…[cut: ${exchange.bodyText.length - 2048} more characters]` : (exchange.body ?? exchange.bodyText),
    api: exchange.call?.api ?? null,
    mode: exchange.call?.mode ?? null,
    features: exchange.features,
    outcome: outcome.label,
    ...(outcome.kind === "answer" && outcome.decoding !== undefined ? { decoding: outcome.decoding } : {}),
    status: outcome.kind === "reset" ? null : "status" in outcome.reply ? outcome.reply.status : 200,
    requestId,
    ...(exchange.call === null ? {} : { model: exchange.call.model, stream: exchange.call.stream }),
    faults: exchange.fired.map((fault) => fault.kind),
    ...(outcome.kind === "error" && outcome.detail !== undefined ? { detail: outcome.detail } : {}),
  };
}

/** An error body that names its request (Anthropic's `request_id`) names the one its header carries. */
function withRequestId(outcome: Outcome, requestId: string): Outcome {
  if (outcome.kind !== "error") return outcome;
  const body = outcome.reply.body;
  if (body === null || typeof body !== "object" || !("request_id" in body)) return outcome;
  return { ...outcome, reply: { ...outcome.reply, body: { ...body, request_id: requestId } } };
}

function isCall(value: EmulatedCall | ErrorReply): value is EmulatedCall {
  return "api" in value && "prompt" in value;
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The body up to `limit` bytes; past it, BodyTooLargeError (the rest is never buffered). */
async function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(`content-length ${declared}`);
  // A client that stops mid-body loses its socket: nothing waits on it past the request timeout.
  const timer = setTimeout(() => req.destroy(new Error("request body timeout")), timeoutMs);
  try {
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of req) {
      bytes += (chunk as Buffer).length;
      if (bytes > limit) throw new BodyTooLargeError(`more than ${limit} bytes`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    clearTimeout(timer);
  }
}

/** A request target node accepted but URL cannot read is a path that routes nowhere. */
function safeUrl(target: string | undefined): URL {
  try {
    return new URL(target ?? "/", "http://127.0.0.1");
  } catch {
    return new URL("/", "http://127.0.0.1");
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
