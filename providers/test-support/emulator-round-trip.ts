// Test support: one probe-shaped exchange with an emulator through the real wire adapters, and the
// answer's value whichever shape it came back in.
import { callProvider, type ProviderExchange } from "../wire/wire-adapters.js";
import type { ProviderAnswer, ProviderId } from "../wire/wire-types.js";

/** The probe prompt: the exact value to answer with, in a fenced json block. */
export function probePrompt(value: unknown): string {
  return `Reply with exactly this JSON value and nothing else.\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;
}

export interface RoundTrip {
  readonly provider: ProviderId;
  readonly baseUrl: string;
  readonly mode: string;
  readonly schema: unknown;
  readonly value?: unknown;
  readonly prompt?: string;
  readonly stream?: boolean;
  readonly model?: string;
  readonly apiKey?: string | null;
  readonly maxTokens?: number;
  readonly timeoutMs?: number;
}

const MODELS: Readonly<Record<ProviderId, string>> = {
  openai: "gpt-4o-2024-08-06",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  "openai-compatible": "qwen2.5-7b-instruct",
  azure: "gpt-4o-deployment",
  bedrock: "anthropic.claude-sonnet-4-5-20250929-v1:0",
};

export async function roundTrip(options: RoundTrip): Promise<ProviderExchange> {
  const apiKey = options.apiKey === null ? undefined : (options.apiKey ?? "test-key");
  return callProvider(
    options.provider,
    {
      model: options.model ?? MODELS[options.provider],
      prompt: options.prompt ?? probePrompt(options.value),
      schema: options.schema,
      mode: options.mode,
      toolName: "record_answer",
      stream: options.stream ?? false,
      baseUrl: options.baseUrl,
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    },
    { timeoutMs: options.timeoutMs ?? 5000 },
  );
}

/** The value a tool call or structured answer carries; throws with the whole answer otherwise. */
export function answerValue(answer: ProviderAnswer | undefined): unknown {
  if (answer?.kind === "tool-calls" && answer.calls.length === 1) return answer.calls[0]!.arguments;
  if (answer?.kind === "structured") return answer.value;
  throw new Error(`expected one value, got ${JSON.stringify(answer)}`);
}
