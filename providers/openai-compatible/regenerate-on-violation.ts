// A test provider of the kind that breaks batched probes: when the asked value breaks any enforced rule
// of the schema, it returns a whole new value instead of repairing the part that broke it (the asked
// value never survives in part). Built as a fetch in front of an OpenAI-compatible server (an emulator):
// when the answer is not the asked value, the same request is sent again asking for `{}`, and that
// answer (the server's fresh value for the schema) is what comes back.
import { lastJsonBlock } from "../emulator/emulator-model.js";
import type { FetchLike } from "../wire/wire-send-request.js";

export function regenerateOnViolation(upstream: FetchLike): FetchLike {
  return async (input, init) => {
    const first = await upstream(input, init);
    if (first.status !== 200 || typeof init.body !== "string") return first;
    const text = await first.text();
    const body = JSON.parse(init.body) as { messages?: { role: string; content: string }[] };
    const prompt = body.messages?.at(-1)?.content ?? "";
    const asked = lastJsonBlock(prompt);
    const answer = answerText(text);
    if (asked === null || answer === null || sameJson(asked, answer)) return new Response(text, { status: first.status, headers: first.headers });
    const fresh = { ...body, messages: [...(body.messages ?? []).slice(0, -1), { role: "user", content: prompt.replace(asked, "{}") }] };
    return upstream(input, { ...init, body: JSON.stringify(fresh) });
  };
}

function answerText(text: string): string | null {
  try {
    const message = (JSON.parse(text) as { choices?: { message?: { content?: string | null; tool_calls?: { function: { arguments: string } }[] } }[] }).choices?.[0]?.message;
    return message?.tool_calls?.[0]?.function.arguments ?? message?.content ?? null;
  } catch {
    return null;
  }
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return a === b;
  }
}
