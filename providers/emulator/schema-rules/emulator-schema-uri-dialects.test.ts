// Regression: every zod helper sends `$schema` (draft-07 or 2020-12) and the emulators answered 400
// quoting Ajv ("no schema with key or ref"). Every draft's URI, http or https, with or without `#`, is
// taken, read with its own dialect, and no provider error ever carries the validator's words.
import { describe, expect, test } from "vitest";
import { createConformanceChecker } from "./emulator-check-conformance.js";
import { startEmulator } from "../emulator-start.js";
import { answerValue, roundTrip } from "../../test-support/emulator-round-trip.js";
import type { ProviderId } from "../../wire/wire-types.js";

const URIS = [
  "http://json-schema.org/draft-04/schema#",
  "http://json-schema.org/draft-06/schema#",
  "http://json-schema.org/draft-07/schema#",
  "https://json-schema.org/draft-07/schema",
  "http://json-schema.org/draft-07/schema",
  "https://json-schema.org/draft/2019-09/schema",
  "https://json-schema.org/draft/2020-12/schema",
  "https://json-schema.org/draft/2020-12/schema#",
  "https://example.com/a-custom-metaschema",
];
const body = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };

describe("the checker reads each $schema with its dialect", () => {
  const checker = createConformanceChecker();
  test.each(URIS)("%s compiles", (uri) => {
    expect(checker.compileError({ $schema: uri, ...body })).toBeNull();
  });

  test("draft-04's boolean exclusiveMinimum is a bound under draft-04 and no schema under 2020-12", () => {
    const bounded = { type: "number", minimum: 0, exclusiveMinimum: true };
    expect(checker.check({ $schema: "http://json-schema.org/draft-04/schema#", ...bounded }, 0)).toMatchObject({ valid: false });
    expect(checker.check({ $schema: "http://json-schema.org/draft-04/schema#", ...bounded }, 1)).toEqual({ valid: true });
    expect(checker.compileError(bounded)).toMatchObject({ pointer: "/exclusiveMinimum", value: true });
  });

  test("draft-07's array items is a tuple; 2020-12 spells it prefixItems", () => {
    const tuple = { $schema: "http://json-schema.org/draft-07/schema#", type: "array", items: [{ type: "string" }, { type: "number" }] };
    expect(checker.check(tuple, ["a", 1])).toEqual({ valid: true });
    expect(checker.check(tuple, [1, "a"])).toMatchObject({ valid: false });
  });
});

const MODES: readonly [ProviderId, string][] = [
  ["openai", "chat.response_format.strict"],
  ["openai", "responses.text.format.strict"],
  ["anthropic", "messages.output_config.format"],
  ["google", "generate.responseJsonSchema"],
  ["openai-compatible", "chat.response_format"],
];

describe.each(MODES)("%s %s takes every draft's $schema", (provider, mode) => {
  test.each(URIS)("%s", async (uri) => {
    const server = await startEmulator({ provider });
    try {
      const exchange = await roundTrip({ provider, baseUrl: server.baseUrl, mode, schema: { $schema: uri, ...body }, value: { city: "Paris" }, stream: false, timeoutMs: 5000 });
      expect(answerValue(exchange.parsed?.answer)).toEqual({ city: "Paris" });
    } finally {
      await server.close();
    }
  });

  test("an invalid schema is refused without the validator's words; they go to the record", async () => {
    const server = await startEmulator({ provider });
    try {
      const schema = { ...body, properties: { city: { type: "colour" } } };
      const exchange = await roundTrip({ provider, baseUrl: server.baseUrl, mode, schema, value: { city: "Paris" }, stream: false, timeoutMs: 5000 });
      expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 400 });
      expect(JSON.stringify(exchange.parsed?.answer)).not.toMatch(/schema is invalid:|must be equal|allowed values|no schema with key/);
      expect(server.requests[0]).toMatchObject({ outcome: "invalid-schema", detail: expect.stringContaining("must be equal to one of the allowed values") });
    } finally {
      await server.close();
    }
  });
});
