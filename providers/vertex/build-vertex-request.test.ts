import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildGeminiRequest } from "../google/build-gemini-request.js";
import { UnknownModeError } from "../wire/wire-types.js";
import { buildVertexRequest, isExpressModeUrl, VERTEX_EXPRESS_BASE_URL, VERTEX_MODES, vertexBaseUrl, vertexBaseUrlFromEnv } from "./build-vertex-request.js";

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const base = { model: "gemini-2.5-flash", prompt: "hi", schema, mode: "generate.responseJsonSchema" };

describe("Vertex URLs", () => {
  test("regional, global and multi-region endpoints, as the Vertex SDKs build them", () => {
    expect(vertexBaseUrl({ project: "p1", location: "us-central1" })).toBe("https://us-central1-aiplatform.googleapis.com/v1/projects/p1/locations/us-central1/publishers/google");
    expect(vertexBaseUrl({ project: "p1", location: "global" })).toBe("https://aiplatform.googleapis.com/v1/projects/p1/locations/global/publishers/google");
    expect(vertexBaseUrl({ project: "p1", location: "eu", apiVersion: "v1beta1" })).toBe("https://aiplatform.eu.rep.googleapis.com/v1beta1/projects/p1/locations/eu/publishers/google");
  });

  test("the environment names the project; without one, express mode", () => {
    expect(vertexBaseUrlFromEnv({ GOOGLE_CLOUD_PROJECT: "p1", GOOGLE_CLOUD_LOCATION: "europe-west4" })).toBe(vertexBaseUrl({ project: "p1", location: "europe-west4" }));
    expect(vertexBaseUrlFromEnv({ GOOGLE_CLOUD_PROJECT: "p1" })).toBe(vertexBaseUrl({ project: "p1", location: "global" }));
    expect(vertexBaseUrlFromEnv({})).toBe(VERTEX_EXPRESS_BASE_URL);
  });

  test("generateContent and streamGenerateContent under the publisher's model", () => {
    const baseUrl = vertexBaseUrl({ project: "p1", location: "us-central1" });
    expect(buildVertexRequest({ ...base, baseUrl }).url).toBe(`${baseUrl}/models/gemini-2.5-flash:generateContent`);
    expect(buildVertexRequest({ ...base, baseUrl: `${baseUrl}/`, stream: true, model: "publishers/google/models/gemini-2.5-pro" }).url).toBe(`${baseUrl}/models/gemini-2.5-pro:streamGenerateContent?alt=sse`);
  });
});

describe("Vertex auth", () => {
  test("a project path sends the access token as Bearer; express mode sends the key as x-goog-api-key", () => {
    const project = buildVertexRequest({ ...base, baseUrl: vertexBaseUrl({ project: "p1", location: "global" }), apiKey: "ya29.token-value" });
    expect(project.headers).toEqual({ "content-type": "application/json", authorization: "Bearer ya29.token-value" });
    const express = buildVertexRequest({ ...base, apiKey: "AQ.express-key" });
    expect(express.headers).toEqual({ "content-type": "application/json", "x-goog-api-key": "AQ.express-key" });
    expect(buildVertexRequest(base).headers).toEqual({ "content-type": "application/json" });
  });

  test("the credential never travels in the URL (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._-]{8,40}$/), fc.boolean(), fc.constantFrom(...VERTEX_MODES), (secret, express, mode) => {
        const baseUrl = express ? VERTEX_EXPRESS_BASE_URL : vertexBaseUrl({ project: "p1", location: "us-central1" });
        const request = buildVertexRequest({ ...base, mode, baseUrl, apiKey: secret });
        expect(request.url).not.toContain(secret);
        expect(JSON.stringify(request.body)).not.toContain(secret);
        expect(isExpressModeUrl(baseUrl)).toBe(express);
      }),
    );
  });
});

describe("Vertex bodies", () => {
  test("the Gemini modes send the Gemini API's body", () => {
    for (const mode of VERTEX_MODES.filter((known) => known !== "generate.responseFormat")) {
      expect(buildVertexRequest({ ...base, mode }).body).toEqual(buildGeminiRequest({ ...base, mode }).body);
    }
  });

  test("responseFormat: a text entry with mimeType and the JSON Schema", () => {
    const request = buildVertexRequest({ ...base, mode: "generate.responseFormat", maxTokens: 64 });
    expect(request.body.generationConfig).toEqual({ maxOutputTokens: 64, responseFormat: [{ text: { mimeType: "application/json", schema } }] });
    expect(() => buildVertexRequest({ ...base, mode: "generate.responseFormat", extraTools: [{ name: "x", schema }] })).toThrow(/extra tools/);
  });

  test("an unknown mode names Vertex and its modes; the Gemini builder does not know responseFormat", () => {
    expect(() => buildVertexRequest({ ...base, mode: "generate.nope" })).toThrow(UnknownModeError);
    expect(() => buildVertexRequest({ ...base, mode: "generate.nope" })).toThrow(/vertex generateContent: unknown mode "generate.nope" \(known: .*generate.responseFormat\)/);
    expect(() => buildGeminiRequest({ ...base, mode: "generate.responseFormat" })).toThrow(UnknownModeError);
  });
});
