import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knownSecrets, redactSecret, secretScrubber } from "./redact-secret.js";

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

  it("scrubs Azure's key and Entra token from the environment; an api-version query stays", () => {
    const env = { AZURE_OPENAI_API_KEY: "7f3c9a1be24d4c6f8a0e5b2d9c1f7a3e", AZURE_OPENAI_AD_TOKEN: "eyJ0eXAiOiJKV1QifQ.eyJvaWQiOiJxIn0.c2lnbmF0dXJl" };
    const url = "https://res.openai.azure.com/openai/deployments/prod/chat/completions?api-version=2024-10-21";
    expect(redactSecret(`POST ${url} api-key: 7F3C9A1BE24D4C6F8A0E5B2D9C1F7A3E`, undefined, env)).toBe(`POST ${url} api-key: <redacted>`);
    expect(redactSecret("Authorization: Bearer eyJ0eXAiOiJKV1QifQ.eyJvaWQiOiJxIn0.c2lnbmF0dXJl", undefined, env)).toBe("Authorization: Bearer <redacted>");
    expect(redactSecret("key 7f3c****7a3e was refused", undefined, env)).toBe("key <redacted> was refused");
  });

  it("scrubs AWS credentials found in the environment (Bedrock's SigV4 and API key)", () => {
    const env = { AWS_ACCESS_KEY_ID: "AKIAEXAMPLE000000000", AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMIexamplesecret", AWS_SESSION_TOKEN: "FwoGZXIvYXdzEXAMPLETOKEN", AWS_BEARER_TOKEN_BEDROCK: "ABSKbedrockexamplekey0" };
    expect(knownSecrets(undefined, env).sort()).toEqual(Object.values(env).sort());
    const text = `Credential=${env.AWS_ACCESS_KEY_ID}/x ${env.AWS_SECRET_ACCESS_KEY} ${env.AWS_SESSION_TOKEN} Bearer ${env.AWS_BEARER_TOKEN_BEDROCK}`;
    expect(redactSecret(text, undefined, env)).toBe("Credential=<redacted>/x <redacted> <redacted> Bearer <redacted>");
  });

  it("leaves ordinary text alone", () => {
    const text = "**bold** and a ***rule*** and R123 alone";
    expect(redactSecret(text, KEY, {})).toBe(text);
  });
});

describe("redactSecret against every written form of a key (property)", () => {
  const keyArb = fc.tuple(fc.constantFrom("sk-", "sk-proj-", "AIza", "sk-ant-api03-"), fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/)).map(([head, body]) => head + body);
  const maskArb = fc.constantFrom("...", "…", "****", "•••", "xxxxxxxxxxxx");
  const fillerArb = fc.stringMatching(/^[a-z ,:.{}"]{0,40}$/);
  const formArb = (key: string) =>
    fc.oneof(
      fc.constant(key),
      fc.constant(key.toUpperCase()),
      fc.constant(key.slice(0, -1)),
      fc.constant(key.slice(1)),
      fc.nat(key.length - 1).map((n) => [...key].map((char, i) => (i % (n + 2) === 0 ? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}` : char)).join("")),
      fc.tuple(fc.integer({ min: 4, max: 8 }), maskArb, fc.integer({ min: 4, max: 6 })).map(([head, mask, tail]) => `${key.slice(0, head)}${mask}${key.slice(-tail)}`),
      fc.tuple(maskArb, fc.integer({ min: 4, max: 6 })).map(([mask, tail]) => `${mask}${key.slice(-tail)}`),
    );

  it("finds none of it in the scrubbed text, however the text was split into chunks", () => {
    fc.assert(
      fc.property(
        keyArb.chain((key) => fc.tuple(fc.constant(key), formArb(key), fillerArb, fillerArb, fc.array(fc.nat(200), { maxLength: 4 }))),
        ([key, form, before, after, cuts]) => {
          const text = `${before} ${form} ${after}`;
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((from, i) => text.slice(from, [...points, text.length][i]));
          const out = secretScrubber(key, {}).chunks(chunks).join("");
          const decoded = out.replace(/\\u([0-9a-f]{4})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))).toLowerCase();
          expect(out).not.toContain(form);
          expect(decoded).not.toContain(key.slice(1, -1).toLowerCase());
        },
      ),
      { numRuns: 400 },
    );
  });

  it("leaves text with no key in it as it is", () => {
    fc.assert(
      fc.property(keyArb, fc.stringMatching(/^[a-zA-Z0-9 ,:{}"*.]{0,200}$/), (key, text) => {
        fc.pre(!text.toLowerCase().includes(key.slice(0, 4).toLowerCase()) && !text.toLowerCase().includes(key.slice(-4).toLowerCase()) && !/(?:sk|pk|rk)[-_]|aiza|key[-_]/i.test(text));
        expect(redactSecret(text, key, {})).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("finds a mask after a 200 KB value (the quadratic scrub took 97 s there; see scripts/hostile-measure.mjs for times)", () => {
    const key = "sk-test-0123456789abcdef3456";
    const text = (size: number) => `{"v":"${"a".repeat(size)}"} sk-tes...3456`;
    const small = redactSecret(text(20_000), key, {});
    const large = redactSecret(text(200_000), key, {});
    expect(small.endsWith("<redacted>")).toBe(true);
    expect(large.endsWith("<redacted>")).toBe(true);
  });
});
