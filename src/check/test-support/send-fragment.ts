// Test support: a request fragment `check --emit` wrote, sent as it is to a provider emulator inside the
// smallest body the provider takes (model, one user message), with the provider's auth headers.
import type { RunningEmulators } from "../../../providers/emulator/emulator-launch.js";
import type { ProviderId } from "../../../providers/wire/wire-types.js";

export interface SentFragment {
  readonly status: number;
  readonly body: unknown;
}

export function providerOf(target: string): ProviderId {
  const provider = target.slice(0, target.indexOf(":")).split("/")[0]!;
  return provider as ProviderId;
}

export async function sendFragment(emulators: RunningEmulators, target: string, fragment: Record<string, unknown>, prompt: string): Promise<SentFragment> {
  const provider = providerOf(target);
  const mode = target.slice(target.indexOf(":") + 1);
  const origin = new URL(emulators.urls[provider]!.sdk).origin;
  const json = { "content-type": "application/json" };
  let url: string;
  let headers: Record<string, string>;
  let body: Record<string, unknown>;
  switch (provider) {
    case "anthropic":
      url = `${origin}/v1/messages`;
      headers = { ...json, "x-api-key": "test", "anthropic-version": "2023-06-01" };
      body = { model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: prompt }], ...fragment };
      break;
    case "google":
      url = `${origin}/v1beta/models/gemini-2.5-flash:generateContent`;
      headers = { ...json, "x-goog-api-key": "test" };
      body = { contents: [{ role: "user", parts: [{ text: prompt }] }], ...fragment };
      break;
    default:
      headers = { ...json, authorization: "Bearer test" };
      if (mode.startsWith("responses.")) {
        url = `${origin}/v1/responses`;
        body = { model: "gpt-4o-2024-08-06", input: prompt, ...fragment };
      } else {
        url = `${origin}/v1/chat/completions`;
        body = { model: provider === "openai" ? "gpt-4o-2024-08-06" : "qwen2.5-7b-instruct", messages: [{ role: "user", content: prompt }], ...fragment };
      }
  }
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
