// A loopback OpenAI-compatible server whose decoding is constrained by a real grammar engine (XGrammar in
// WASM, as vLLM runs it): `response_format` json_schema and a named (or `required`) `tool_choice` are
// decoded through the grammar; `tool_choice: "auto"` is not constrained, as in vLLM, and the asked value
// is copied as written. An engine abort becomes vLLM's 400 with the engine's own text. For tests and
// measurements of the probe against a real engine, beside the emulators (which follow profiles).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { lastJsonBlock } from "../emulator/emulator-model.js";
import { asArray, asRecord, asString } from "../wire/wire-normalise-answer.js";
import { contentText } from "../openai/emulator-read-call.js";
import { XGrammarEngine } from "./xgrammar-engine.js";

export interface EngineServerHandle {
  readonly baseUrl: string;
  readonly engine: XGrammarEngine;
  /** Requests answered so far (any status). */
  requestCount(): number;
  close(): Promise<void>;
}

interface EngineCall {
  readonly model: string;
  readonly prompt: string;
  readonly schema: unknown;
  readonly constrained: boolean;
  readonly tool: string | null;
  readonly maxTokens: number;
}

const DEFAULT_MAX_TOKENS = 1024;

export async function startXGrammarServer(engine?: XGrammarEngine): Promise<EngineServerHandle> {
  const xgrammar = engine ?? (await XGrammarEngine.create());
  let count = 0;
  let serial = 0;
  const server: Server = createServer((request, response) => {
    count += 1;
    void handle(xgrammar, request, () => (serial += 1)).then(
      (reply) => send(response, reply.status, reply.body),
      (error: unknown) => send(response, 500, vllmError(500, `engine server: ${(error as Error).message}`, "InternalServerError")),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    engine: xgrammar,
    requestCount: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function handle(engine: XGrammarEngine, request: IncomingMessage, nextId: () => number): Promise<{ status: number; body: unknown }> {
  if (request.method !== "POST" || !(request.url ?? "").startsWith("/v1/chat/completions")) return { status: 404, body: { detail: "Not Found" } };
  let body: Record<string, unknown>;
  try {
    body = asRecord(JSON.parse(await readBody(request)));
  } catch (error) {
    return { status: 400, body: vllmError(400, `JSON decode error: ${(error as Error).message}`, "BadRequestError") };
  }
  const call = readCall(body);
  const asked = lastJsonBlock(call.prompt) ?? "{}";
  let text = asked;
  let finish: "stop" | "length" = "stop";
  if (call.constrained && call.schema !== undefined) {
    const compiled = await engine.compile(call.schema);
    if (!compiled.ok) return { status: 400, body: vllmError(400, compiled.error, "BadRequestError") };
    ({ text, finish } = await engine.decode(compiled.grammar, compact(asked), call.maxTokens));
  }
  return { status: 200, body: completion(call, text, finish, nextId()) };
}

function readCall(body: Record<string, unknown>): EngineCall {
  const users = asArray(body.messages).map(asRecord).filter((message) => message.role === "user");
  const prompt = users.length === 0 ? "" : contentText(users.at(-1)!.content);
  const maxTokens = typeof body.max_tokens === "number" ? body.max_tokens : DEFAULT_MAX_TOKENS;
  const model = asString(body.model) ?? "xgrammar";
  const tools = asArray(body.tools).map(asRecord);
  if (tools.length > 0) {
    const choice = body.tool_choice;
    const wanted = asString(asRecord(asRecord(choice).function).name);
    const fn = asRecord((tools.find((tool) => asRecord(tool.function).name === wanted) ?? tools[0]!).function);
    const constrained = wanted !== undefined || choice === "required";
    return { model, prompt, schema: fn.parameters, constrained, tool: asString(fn.name) ?? "tool", maxTokens };
  }
  const format = asRecord(body.response_format);
  const schema = format.type === "json_schema" ? asRecord(format.json_schema).schema : undefined;
  return { model, prompt, schema, constrained: schema !== undefined, tool: null, maxTokens };
}

/** The asked value as the model would write it: compact JSON when it parses, else as written. */
function compact(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

function completion(call: EngineCall, text: string, finish: "stop" | "length", id: number): unknown {
  const message =
    call.tool === null
      ? { role: "assistant", content: text }
      : { role: "assistant", content: null, tool_calls: [{ id: `chatcmpl-tool-${id}`, type: "function", function: { name: call.tool, arguments: text } }] };
  const reason = finish === "length" ? "length" : call.tool === null ? "stop" : "tool_calls";
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: 1_700_000_000 + id,
    model: call.model,
    choices: [{ index: 0, message, finish_reason: reason }],
    usage: { prompt_tokens: Buffer.byteLength(call.prompt), completion_tokens: Buffer.byteLength(text), total_tokens: Buffer.byteLength(call.prompt) + Buffer.byteLength(text) },
  };
}

/** vLLM's ErrorResponse. */
function vllmError(status: number, message: string, type: string): unknown {
  return { error: { message, type, param: null, code: status } };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}
