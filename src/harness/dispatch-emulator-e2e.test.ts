// End to end on loopback, per wire format, plain and streamed: the emulated model proposes an invalid
// measurement, the dispatcher answers with an error result, the corrected call runs, and exactly one
// measurement lands in a SQLite file that still holds it, intact, after reopening.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { DeclaredSchema } from "../schema/index.js";
import { createDispatcher } from "./dispatch.js";
import { fitnessTools, loadFitnessCatalog } from "./fitness-tools.js";
import { openMeasurementStore } from "./measurement-store.js";
import { readToolResult } from "./read-tool-result.js";
import { runRounds } from "./run-rounds.js";
import { conversationTurns, createWireConversation } from "./wire-conversation.js";
import { providerOf, WIRE_FORMATS, type WireFormat } from "./wire-format.js";

const MODEL: Readonly<Record<WireFormat, string>> = {
  "openai-chat": "gpt-4.1",
  "openai-responses": "gpt-4.1",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
};

const INVALID = { date: "2025-03-02", data: { weight_kg: "82,4", waist_cm: 91.5 } };
const CORRECTED = { date: "2025-03-02", data: { weight_kg: 82.4, waist_cm: 91.5 }, source: "smart_scale" };

// The emulated model writes the value in the last ```json block of the user turn: the test plays the
// part of the model's correction by putting the corrected value there in round two.
const ask = (value: unknown) => `Record my measurement.\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

// Forced Gemini calls are decoded under VALIDATED constraint in the profile, which would repair the
// invalid value before the dispatcher saw it; a best-effort mode map keeps the model unconstrained.
const UNCONSTRAINED_GEMINI = { "generate.functionDeclarations.parametersJsonSchema": {} };

let dir: string;
let catalog: DeclaredSchema[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "schemalab-dispatch-"));
  catalog = await loadFitnessCatalog();
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(WIRE_FORMATS.flatMap((format) => [false, true].map((stream) => [format, stream] as const)))("%s (stream: %s) against its emulator", (format, stream) => {
  test("an invalid measurement is refused, the corrected call writes once, and the row survives reopening", async () => {
    const file = join(dir, "fitness.sqlite");
    const store = openMeasurementStore(file);
    const emulator = await startEmulator({ provider: providerOf(format), ...(format === "google" ? { profile: UNCONSTRAINED_GEMINI } : {}) });
    try {
      const tools = fitnessTools({ store, catalog, today: () => "2025-12-31" });
      const conversation = createWireConversation({ provider: format, baseUrl: emulator.baseUrl, model: MODEL[format], apiKey: "test-key", tools, stream, forceTool: "write_measurement" });
      const report = await runRounds({ dispatcher: createDispatcher(tools), provider: format, turns: conversationTurns(conversation, [ask(INVALID), ask(CORRECTED)]) });

      expect(report.end).toBe("done");
      expect(report.rounds).toHaveLength(2);
      const [first, second] = report.rounds;
      expect(first!.calls).toEqual([expect.objectContaining({ status: "rejected", stage: "schema", paths: ["/data/weight_kg"] })]);
      const errorResult = readToolResult(format, first!.results[0]);
      expect(errorResult.text).toContain("data.data.weight_kg: must be number");
      expect(errorResult.callId ?? "").toBe(first!.calls[0]!.callId);
      if (format === "anthropic" || format === "google") expect(errorResult.errorFlag).toBe(true);
      // The error result went back to the model with round two's request.
      expect(JSON.stringify(emulator.requests[1]!.body)).toContain("data.data.weight_kg: must be number");
      expect(second!.calls).toEqual([expect.objectContaining({ status: "executed" })]);
      expect(store.listMeasurements()).toHaveLength(1);
    } finally {
      store.close();
      await emulator.close();
    }
    const reopened = openMeasurementStore(file);
    try {
      expect(reopened.listMeasurements()).toEqual([{ id: 1, ...CORRECTED }]);
    } finally {
      reopened.close();
    }
  });
});
