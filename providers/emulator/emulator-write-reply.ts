// Writing an outcome to the wire: a reset, an error envelope, a JSON answer, SSE events or a streamed
// JSON array, with the body faults (malformed, cut stream) applied as the bytes go out.
import type { ServerResponse } from "node:http";
import { faultOf } from "./emulator-faults.js";
import type { ErrorReply, FaultSpec, Reply } from "./emulator-types.js";

export type WrittenOutcome = { readonly kind: "reset" } | { readonly kind: "error"; readonly reply: ErrorReply } | { readonly kind: "answer"; readonly reply: Reply };

/** Every response carries `x-schemalab-emulated: 1` so reports can label it, and the provider's request id. */
export function writeOutcome(
  res: ServerResponse,
  outcome: WrittenOutcome,
  fired: readonly FaultSpec[],
  requestId: { header: string; value: string },
  streamError: () => string,
): void {
  const common = { "x-schemalab-emulated": "1", [requestId.header]: requestId.value };
  if (outcome.kind === "reset") {
    res.socket?.destroy();
    return;
  }
  if (outcome.kind === "error") {
    res.writeHead(outcome.reply.status, { "content-type": "application/json", ...common, ...outcome.reply.headers });
    res.end(JSON.stringify(outcome.reply.body));
    return;
  }
  const malformed = faultOf(fired, "malformed-body") !== undefined;
  const reply = outcome.reply;
  if (reply.kind === "json") {
    const text = JSON.stringify(reply.body);
    res.writeHead(reply.status, { "content-type": "application/json", ...common });
    res.end(malformed ? text.slice(0, Math.ceil(text.length / 2)) : text);
    return;
  }
  if (reply.kind === "json-array") {
    writeJsonArray(res, reply, fired, common, streamError);
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...common });
  const events = malformed ? reply.events.map((event, index) => (index === reply.cutIndex ? 'data: {"broken": \n\n' : event)) : reply.events;
  if (faultOf(fired, "truncated-stream") !== undefined) {
    // Written, flushed, then the connection dies: the client sees a body that stops mid-answer.
    res.write(events.slice(0, reply.cutIndex).join(""), () => res.socket?.destroy());
    return;
  }
  if (faultOf(fired, "stream-error") !== undefined) {
    res.end(events.slice(0, reply.cutIndex).join("") + streamError());
    return;
  }
  for (const event of events) res.write(event);
  res.end();
}

/** A streamed JSON array: `[`, then each element, `,\r\n` between them, then `]`, each written as it comes. */
function writeJsonArray(res: ServerResponse, reply: Reply & { kind: "json-array" }, fired: readonly FaultSpec[], common: Record<string, string>, streamError: () => string): void {
  res.writeHead(200, { "content-type": "application/json; charset=UTF-8", ...common });
  const malformed = faultOf(fired, "malformed-body") !== undefined;
  const elements = reply.elements.map((element, index) => (malformed && index === reply.cutIndex ? '{"broken": ' : element));
  const pieces = elements.map((element, index) => `${index === 0 ? "[" : ",\r\n"}${element}`);
  if (faultOf(fired, "truncated-stream") !== undefined) {
    res.write(pieces.slice(0, reply.cutIndex).join("") || "[", () => res.socket?.destroy());
    return;
  }
  if (faultOf(fired, "stream-error") !== undefined) {
    const head = pieces.slice(0, reply.cutIndex).join("");
    res.end(head === "" ? `[${streamError()}]` : `${head},\r\n${streamError()}]`);
    return;
  }
  for (const piece of pieces) res.write(piece);
  res.end(pieces.length === 0 ? "[]" : "]");
}
