import { describe, expect, it } from "vitest";
import { bedrockAuthFromEnv, buildBedrockRequest } from "./build-bedrock-request.js";

const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false };
const base = { model: "us.anthropic.claude-haiku-4-5-20251001-v1:0", prompt: "p", schema, toolName: "t" };

describe("buildBedrockRequest", () => {
  it("puts each mode's schema where its API takes it", () => {
    const strict = buildBedrockRequest({ ...base, mode: "converse.tools.strict", apiKey: "k" });
    expect(strict.url).toBe("https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/converse");
    expect(strict.body.toolConfig).toEqual({ tools: [{ toolSpec: { name: "t", strict: true, inputSchema: { json: schema } } }], toolChoice: { tool: { name: "t" } } });
    expect(strict.headers.authorization).toBe("Bearer k");
    const format = buildBedrockRequest({ ...base, mode: "converse.outputConfig.textFormat", region: "eu-west-1" });
    expect(format.url).toContain("bedrock-runtime.eu-west-1.amazonaws.com");
    expect(format.body.outputConfig).toEqual({ textFormat: { type: "json_schema", structure: { jsonSchema: { schema: JSON.stringify(schema), name: "t" } } } });
    const invoke = buildBedrockRequest({ ...base, mode: "invoke.claude.output_config.format" });
    expect(invoke.url.endsWith("/invoke")).toBe(true);
    expect(invoke.body).toMatchObject({ anthropic_version: "bedrock-2023-05-31", output_config: { format: { type: "json_schema", schema } } });
    expect(invoke.body.model).toBeUndefined();
    expect(buildBedrockRequest({ ...base, mode: "invoke.claude.tools.strict" }).body.tools).toEqual([{ name: "t", strict: true, input_schema: schema }]);
  });

  it("signs with SigV4 when given credentials and no API key", () => {
    const signed = buildBedrockRequest({ ...base, mode: "converse.tools", awsCredentials: { accessKeyId: "AKIAEXAMPLE000000000", secretAccessKey: "s".repeat(40) }, signedAt: new Date("2026-12-02T01:02:03Z") });
    expect(signed.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE000000000\/20261202\/us-east-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(signed.headers["x-amz-date"]).toBe("20261202T010203Z");
  });

  it("refuses streams, unknown modes and extra tools in a structured-output mode", () => {
    expect(() => buildBedrockRequest({ ...base, mode: "converse.tools", stream: true })).toThrow(/event-stream/);
    expect(() => buildBedrockRequest({ ...base, mode: "converse.json" })).toThrow(/unknown mode/);
    expect(() => buildBedrockRequest({ ...base, mode: "converse.outputConfig.textFormat", extraTools: [{ name: "x", schema }] })).toThrow(/extra tools/);
  });

  it("reads the API key first, then SigV4 credentials, from the environment", () => {
    expect(bedrockAuthFromEnv({ AWS_BEARER_TOKEN_BEDROCK: " k ", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" })).toEqual({ apiKey: "k" });
    expect(bedrockAuthFromEnv({ AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s", AWS_SESSION_TOKEN: "t", AWS_REGION: "eu-west-3" })).toEqual({ awsCredentials: { accessKeyId: "a", secretAccessKey: "s", sessionToken: "t" }, region: "eu-west-3" });
    expect(bedrockAuthFromEnv({})).toEqual({});
  });
});
