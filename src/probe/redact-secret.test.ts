import { describe, expect, it } from "vitest";
import { knownSecrets, redactSecret } from "./redact-secret.js";

const KEY = "sk-proj-abcdefghijklmnopR123";

describe("redactSecret (a provider's masked echo of a wrong key once reached cassettes and matrices)", () => {
  it("scrubs the key as is and inside a JSON string", () => {
    expect(redactSecret(`Bearer ${KEY}`, KEY, {})).toBe("Bearer <redacted>");
    const quoted = 'ab"cd\\efgh';
    expect(redactSecret(JSON.stringify({ k: quoted }), quoted, {})).toBe('{"k":"<redacted>"}');
  });

  it("scrubs masked echoes that keep the key's tail", () => {
    const echo = "Incorrect API key provided: sk-**********R123. You can find your API key at https://platform.openai.com";
    expect(redactSecret(echo, KEY, {})).toBe("Incorrect API key provided: <redacted>. You can find your API key at https://platform.openai.com");
    expect(redactSecret("key ********R123 rejected", KEY, {})).toBe("key <redacted> rejected");
  });

  it("scrubs keys found in the environment and key-shaped masked tokens of unknown keys", () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant-api03-zzzzzzzzzzzzWXYZ" };
    expect(knownSecrets(undefined, env)).toEqual(["sk-ant-api03-zzzzzzzzzzzzWXYZ"]);
    expect(redactSecret("got sk-ant-api03-zzzzzzzzzzzzWXYZ and sk-ant-****WXYZ", undefined, env)).toBe("got <redacted> and <redacted>");
    expect(redactSecret("provided: sk-abc***********9f2Q.", undefined, {})).toBe("provided: <redacted>.");
  });

  it("leaves ordinary text alone", () => {
    const text = "**bold** and a ***rule*** and R123 alone";
    expect(redactSecret(text, KEY, {})).toBe(text);
  });
});
