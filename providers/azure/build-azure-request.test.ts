import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildProviderRequest } from "../wire/wire-adapters.js";
import { AZURE_DEFAULT_API_VERSION, AZURE_RESPONSES_API_VERSION, buildAzureRequest, isEntraToken, parseAzureBase } from "./build-azure-request.js";

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };
const base = { model: "my-gpt4o", prompt: "hi", schema, apiKey: "0123456789abcdef0123456789abcdef" };
const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL2NvZ25pdGl2ZXNlcnZpY2VzLmF6dXJlLmNvbSJ9.c2lnbmF0dXJl";

describe("Azure OpenAI request URLs", () => {
  test("the v1 API: /openai/v1/chat/completions, the deployment as body model, no api-version needed", () => {
    const request = buildAzureRequest({ ...base, mode: "chat.tools.strict", baseUrl: "https://res.openai.azure.com/openai/v1/" });
    expect(request.url).toBe("https://res.openai.azure.com/openai/v1/chat/completions");
    expect(request.body.model).toBe("my-gpt4o");
    expect(request.body.parallel_tool_calls).toBe(false);
    expect(request.api).toBe("openai-chat");
  });

  test("deployments: the deployment in the path and the GA api-version by default, or the one the base URL carries", () => {
    expect(buildAzureRequest({ ...base, mode: "chat.response_format.strict", baseUrl: "https://res.openai.azure.com/openai" }).url).toBe(
      `https://res.openai.azure.com/openai/deployments/my-gpt4o/chat/completions?api-version=${AZURE_DEFAULT_API_VERSION}`,
    );
    expect(buildAzureRequest({ ...base, mode: "chat.tools", baseUrl: "https://res.openai.azure.com/openai?api-version=2025-04-01-preview" }).url).toBe(
      "https://res.openai.azure.com/openai/deployments/my-gpt4o/chat/completions?api-version=2025-04-01-preview",
    );
  });

  test("Responses: /openai/v1/responses, or /openai/responses with a preview api-version", () => {
    const v1 = buildAzureRequest({ ...base, mode: "responses.tools.strict", baseUrl: "https://res.openai.azure.com/openai/v1" });
    expect([v1.api, v1.url]).toEqual(["openai-responses", "https://res.openai.azure.com/openai/v1/responses"]);
    const dated = buildAzureRequest({ ...base, mode: "responses.text.format.strict", baseUrl: "https://res.openai.azure.com/openai" });
    expect(dated.url).toBe(`https://res.openai.azure.com/openai/responses?api-version=${AZURE_RESPONSES_API_VERSION}`);
    expect(dated.body.model).toBe("my-gpt4o");
  });

  test("a key goes in the api-key header, an Entra token as Bearer; never both, never in the URL", () => {
    const keyed = buildAzureRequest({ ...base, mode: "chat.tools.strict", baseUrl: "https://res.openai.azure.com/openai/v1" });
    expect(keyed.headers["api-key"]).toBe(base.apiKey);
    expect(keyed.headers.authorization).toBeUndefined();
    const entra = buildAzureRequest({ ...base, apiKey: JWT, mode: "chat.tools.strict", baseUrl: "https://res.openai.azure.com/openai/v1" });
    expect(entra.headers.authorization).toBe(`Bearer ${JWT}`);
    expect(entra.headers["api-key"]).toBeUndefined();
    expect(isEntraToken(base.apiKey)).toBe(false);
  });

  test("bad base URLs are refused with the reason: a key in the query, a path that is neither style, not a URL", () => {
    expect(() => parseAzureBase("https://res.openai.azure.com/openai/v1?api-key=secret")).toThrow(/only '\?api-version=' .*never the URL/);
    expect(() => parseAzureBase("https://res.openai.azure.com/v1")).toThrow(/must end in \/openai\/v1 .* or \/openai/);
    expect(() => parseAzureBase("res.openai.azure.com")).toThrow(/not a URL/);
  });

  test("buildProviderRequest routes provider azure here", () => {
    expect(buildProviderRequest("azure", { ...base, mode: "chat.tools", baseUrl: "https://r.openai.azure.com/openai/v1" }).url).toBe("https://r.openai.azure.com/openai/v1/chat/completions");
  });

  test("property: whatever the credential, it travels in exactly one auth header and nowhere in the URL or body", () => {
    const credential = fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{8,84}$/), fc.tuple(fc.base64String({ minLength: 4 }), fc.base64String({ minLength: 4 })).map(([a, b]) => `eyJ${a.replace(/[+/=]/g, "A")}.${b.replace(/[+/=]/g, "B")}.sig`));
    const style = fc.constantFrom("https://r.openai.azure.com/openai/v1", "https://r.openai.azure.com/openai?api-version=2024-10-21", "https://r.openai.azure.com/openai");
    const mode = fc.constantFrom("chat.tools.strict", "chat.response_format.strict", "responses.tools.strict", "responses.text.format.strict");
    fc.assert(
      fc.property(credential, style, mode, (apiKey, baseUrl, m) => {
        const request = buildAzureRequest({ ...base, apiKey, baseUrl, mode: m });
        const holders = Object.entries(request.headers).filter(([, value]) => value.includes(apiKey)).map(([name]) => name);
        expect(holders).toHaveLength(1);
        expect(["api-key", "authorization"]).toContain(holders[0]);
        expect(request.url.includes(apiKey)).toBe(false);
        expect(JSON.stringify(request.body).includes(apiKey)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
