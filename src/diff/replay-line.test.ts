import { describe, expect, it } from "vitest";
import { displayPath, formatReplayPath, parseReplayPath, replayLine, shellWord } from "./replay-line.js";

describe("replay lines", () => {
  it("writes fast-check's k:i:j path and reads it back", () => {
    expect(formatReplayPath({ caseIndex: 3, shrinkPath: [1, 0] })).toBe("3:1:0");
    expect(parseReplayPath("3:1:0")).toEqual({ caseIndex: 3, shrinkPath: [1, 0] });
    expect(parseReplayPath("12")).toEqual({ caseIndex: 12, shrinkPath: [] });
    expect(parseReplayPath("3:x")).toBeNull();
    expect(parseReplayPath("-1")).toBeNull();
  });

  it("quotes only what a shell would split or expand", () => {
    expect(shellWord("suites/catalogs/fitness.json")).toBe("suites/catalogs/fitness.json");
    expect(shellWord("calendar/find_free_slots#output")).toBe("'calendar/find_free_slots#output'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
  });

  it("names files relative to the working directory when they sit under it", () => {
    expect(displayPath("/repo/suites/a.json", "/repo")).toBe("suites/a.json");
    expect(displayPath("/elsewhere/a.json", "/repo")).toBe("/elsewhere/a.json");
    expect(displayPath("lite", "/repo")).toBe("lite");
  });

  it("carries everything the case needs and nothing for the defaults", () => {
    const line = replayLine(
      { validator: "/repo/v.js", reference: "ajv", seed: 42, schemaId: "fitness/log_meal", schemaFile: "/repo/suites/catalogs/fitness.json", caseIndex: 3, shrinkPath: [1, 0] },
      "/repo",
    );
    expect(line).toBe("npx schemalab fuzz --validator v.js --schemas suites/catalogs/fitness.json --schema-id fitness/log_meal --seed 42 --replay-path 3:1:0");
    const generated = replayLine({ validator: "lite", reference: "ajv", seed: 1, schemaId: "generated/4", generatedSchemas: 10, caseIndex: 0, shrinkPath: [], timeoutMs: 50 }, "/repo");
    expect(generated).toContain("--generate-schemas 10 --schema-id generated/4");
    expect(generated).toContain("--timeout-ms 50");
  });
});
