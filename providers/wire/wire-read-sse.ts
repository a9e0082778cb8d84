// Server-sent events from a received body, via eventsource-parser. An event cut before its blank line
// is dropped: it never fully arrived, and the stream parsers treat the missing end as truncation.
import { createParser } from "eventsource-parser";
import { longestLine, MAX_STREAM_EVENTS, MAX_STREAM_LINE_CHARS } from "./read-limits.js";

export interface SseEvent {
  readonly event?: string;
  readonly data: string;
}

export interface JsonSseEvent {
  readonly event?: string;
  readonly json: Record<string, unknown>;
}

export type SseJsonRead =
  | { readonly ok: true; readonly events: readonly JsonSseEvent[]; readonly done: boolean }
  | { readonly ok: false; readonly error: string };

export function readSseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (message) => events.push(message.event === undefined ? { data: message.data } : { event: message.event, data: message.data }),
  });
  parser.feed(text);
  return events;
}

/** Every event's data as a JSON object; `[DONE]` (OpenAI's terminator) sets `done` instead. */
export function readSseJsonEvents(text: string): SseJsonRead {
  // Bounded before parsing: no real stream has a line or an event count near these.
  const longest = longestLine(text);
  if (longest > MAX_STREAM_LINE_CHARS) return { ok: false, error: `stream line of ${longest} characters (more than ${MAX_STREAM_LINE_CHARS}): not read` };
  const events: JsonSseEvent[] = [];
  let done = false;
  const all = readSseEvents(text);
  if (all.length > MAX_STREAM_EVENTS) return { ok: false, error: `stream of ${all.length} events (more than ${MAX_STREAM_EVENTS}): not read` };
  for (const { event, data } of all) {
    if (data === "[DONE]") {
      done = true;
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch (error) {
      return { ok: false, error: `stream event is not JSON (${(error as Error).message}): ${data.slice(0, 200)}` };
    }
    if (json === null || typeof json !== "object" || Array.isArray(json)) {
      return { ok: false, error: `stream event is not a JSON object: ${data.slice(0, 200)}` };
    }
    events.push(event === undefined ? { json: json as Record<string, unknown> } : { event, json: json as Record<string, unknown> });
  }
  return { ok: true, events, done };
}
