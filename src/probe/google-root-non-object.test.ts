// Regression: Gemini's function-call `args` is a Struct, so the emulator cannot answer a non-object root
// as a call. Where the profile leaves root:non-object unknown (parametersJsonSchema, constrained and
// auto), the emulator refuses the declaration as the documented `parameters` mode does, instead of
// accepting it and answering MALFORMED_FUNCTION_CALL (a cell in error, and `probe` exiting 1).
import { describe, expect, it } from "vitest";
import { probeEmulator } from "./probe-emulator.js";

describe("google emulator: root:non-object agrees with the profile", () => {
  it("is refused in every function-declaration mode and answered in the response modes", async () => {
    const section = await probeEmulator("google", { features: ["root:non-object"] });
    const status = Object.fromEntries(section.modes.map((mode) => [mode.mode, mode.features["root:non-object"]?.status]));
    expect(status).toEqual({
      "generate.responseSchema": "enforced",
      "generate.responseJsonSchema": "enforced",
      "generate.functionDeclarations.parameters": "rejected",
      "generate.functionDeclarations.parameters.auto": "rejected",
      "generate.functionDeclarations.parameters.any": "rejected",
      "generate.functionDeclarations.parametersJsonSchema": "rejected",
      "generate.functionDeclarations.parametersJsonSchema.auto": "rejected",
      "generate.functionDeclarations.parametersJsonSchema.any": "rejected",
    });
    const summary = (section.modes.find((mode) => mode.mode === "generate.functionDeclarations.parametersJsonSchema")!.features["root:non-object"]!.evidence as { summary: string }).summary;
    expect(summary).toContain("should be of type OBJECT");
    expect(section.diffFromProfile).toEqual([]);
  });
});
