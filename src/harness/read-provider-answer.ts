// What a dispatcher is handed, to the normalised ProviderResponse, through providers/' own parsers so the
// reference dispatcher reads each wire exactly as the probe does.
import { parseProviderResponse } from "../../providers/wire/wire-adapters.js";
import type { ProviderResponse, RawResponse } from "../../providers/wire/wire-types.js";
import { wireApiOf, type WireFormat } from "./wire-format.js";

/**
 * A provider's answer as a dispatcher receives it: a non-streamed body (parsed JSON), a streamed body
 * as the chunks that arrived (an SSE event may span chunks; a cut stream ends mid-event), or a
 * RawResponse straight from providers/' sendRequest.
 */
export type ProviderPayload =
  | { readonly response: unknown; readonly status?: number }
  | { readonly chunks: readonly string[]; readonly status?: number }
  | { readonly raw: RawResponse; readonly stream: boolean };

export function readProviderAnswer(format: WireFormat, payload: ProviderPayload): ProviderResponse {
  const { raw, stream } = rawOf(payload);
  return parseProviderResponse({ api: wireApiOf(format), stream }, raw);
}

function rawOf(payload: ProviderPayload): { raw: RawResponse; stream: boolean } {
  if ("raw" in payload) return { raw: payload.raw, stream: payload.stream };
  const status = payload.status ?? 200;
  if ("chunks" in payload) {
    const chunks = [...payload.chunks];
    return { raw: { status, headers: {}, bodyText: chunks.join(""), chunks, durationMs: 0 }, stream: true };
  }
  const bodyText = JSON.stringify(payload.response) ?? "";
  return { raw: { status, headers: {}, bodyText, chunks: [bodyText], durationMs: 0 }, stream: false };
}
