// Duplicate keys in an answer (`{"name":"a","name":"b"}`) were collapsed by JSON.parse and never seen.
// Guard: a probe whose answer repeats a key in its part reads altered, naming the key and its path.
import { describe, expect, it } from "vitest";
import { runProbe } from "./run-probe.js";

function answering(content: string) {
  return async (): Promise<Response> =>
    new Response(JSON.stringify({ id: "c1", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
}

describe("duplicate keys in an answer", () => {
  it("read as altered, with the key and its path, where JSON.parse alone would read ignored", async () => {
    const section = await runProbe({ provider: "openai-compatible", model: "m", baseUrl: "http://127.0.0.1:9/v1", modes: ["chat.response_format"], features: ["minLength"], fetchImpl: answering('{"p_minLength":"abcdef","p_minLength":"ab"}') });
    const cell = section.modes[0]!.features.minLength!;
    expect(cell.status).toBe("altered");
    expect(cell.evidence).toMatchObject({ duplicateKeys: [{ path: "", key: "p_minLength" }], readAs: "ignored" });
  });

  it("leave an answer without repeated keys as it reads", async () => {
    const section = await runProbe({ provider: "openai-compatible", model: "m", baseUrl: "http://127.0.0.1:9/v1", modes: ["chat.response_format"], features: ["minLength"], fetchImpl: answering('{"p_minLength":"ab"}') });
    expect(section.modes[0]!.features.minLength!.status).toBe("ignored");
  });
});
