// The four wire formats a dispatcher meets, named as dispatch fixtures and reports name them, and the
// providers/ API id each one is parsed with.
import type { ProviderId, WireApi } from "../../providers/wire/wire-types.js";

export type WireFormat = "openai-chat" | "openai-responses" | "anthropic" | "google";

export const WIRE_FORMATS: readonly WireFormat[] = ["openai-chat", "openai-responses", "anthropic", "google"];

const WIRE_API: Readonly<Record<WireFormat, WireApi>> = {
  "openai-chat": "openai-chat",
  "openai-responses": "openai-responses",
  anthropic: "anthropic-messages",
  google: "gemini-generate",
};

const PROVIDER: Readonly<Record<WireFormat, ProviderId>> = {
  "openai-chat": "openai",
  "openai-responses": "openai",
  anthropic: "anthropic",
  google: "google",
};

export function isWireFormat(value: unknown): value is WireFormat {
  return typeof value === "string" && (WIRE_FORMATS as readonly string[]).includes(value);
}

export function wireApiOf(format: WireFormat): WireApi {
  return WIRE_API[format];
}

export function providerOf(format: WireFormat): ProviderId {
  return PROVIDER[format];
}
