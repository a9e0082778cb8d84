import { describe, expect, test } from "vitest";
import { errorAnswerFromBody, retryAfterSeconds, toolCallFromJsonString } from "./wire-normalise-answer.js";

describe("errorAnswerFromBody", () => {
  test.each([
    ["OpenAI", { error: { message: "m", type: "invalid_request_error", param: null, code: null } }, "invalid_request_error"],
    ["Anthropic", { type: "error", error: { type: "overloaded_error", message: "m" } }, "overloaded_error"],
    ["Gemini", { error: { code: 403, message: "m", status: "PERMISSION_DENIED" } }, "PERMISSION_DENIED"],
    ["vLLM (flat)", { object: "error", message: "m", type: "BadRequestError", param: null, code: 400 }, "BadRequestError"],
  ])("%s envelope: type and message", (_name, body, errorType) => {
    expect(errorAnswerFromBody(400, JSON.stringify(body), {})).toEqual({ kind: "error", status: 400, errorType, message: "m" });
  });

  test("a bare string error and a non-JSON body keep the text", () => {
    expect(errorAnswerFromBody(401, '{"error":"Unauthorized"}', {})).toEqual({ kind: "error", status: 401, errorType: "http_401", message: "Unauthorized" });
    expect(errorAnswerFromBody(502, "<html>Bad gateway</html>", {})).toEqual({ kind: "error", status: 502, errorType: "http_502", message: "<html>Bad gateway</html>" });
  });
});

describe("retryAfterSeconds", () => {
  test("delta-seconds, an HTTP date, or nothing", () => {
    expect(retryAfterSeconds({ "retry-after": "3" })).toBe(3);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterSeconds({ "retry-after": inTenSeconds })).toBeGreaterThanOrEqual(9);
    expect(retryAfterSeconds({})).toBeUndefined();
    expect(retryAfterSeconds({ "retry-after": "soon" })).toBeUndefined();
  });
});

describe("toolCallFromJsonString", () => {
  test("an empty arguments string is a parse error, not an empty object", () => {
    expect(toolCallFromJsonString("c", "f", "")).toMatchObject({ arguments: undefined, rawArguments: "" });
    expect(toolCallFromJsonString("c", "f", "").parseError).toBeDefined();
  });
});
