// `run --live` with a keyless local server: SCHEMALAB_BASE_URL alone is enough, and no auth header is
// sent; a hosted provider without its key is named and skipped.
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { Section } from "../report/model.js";
import { memoryIo } from "./io.js";
import { probeLiveProviders } from "./run-live-probes.js";

describe("probeLiveProviders", () => {
  it("probes a keyless OpenAI-compatible server named by SCHEMALAB_BASE_URL, with no auth header", async () => {
    const emulator = await startEmulator({ provider: "openai-compatible" });
    try {
      const sections: Section[] = [];
      const io = memoryIo();
      await probeLiveProviders({ providers: ["openai-compatible", "openai"] }, (section) => sections.push(section), io, { SCHEMALAB_BASE_URL: emulator.baseUrl });
      expect(sections.map((section) => section.kind)).toEqual(["probe"]);
      expect(io.stderr).toContain("openai live skipped (OPENAI_API_KEY not set)");
      expect(emulator.requests.length).toBeGreaterThan(0);
      expect(emulator.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
    } finally {
      await emulator.close();
    }
  }, 60_000);
});
