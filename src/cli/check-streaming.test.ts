// Regression: check built its whole text view as one string, and on 20,000 tools that string passed
// V8's limit (RangeError: Invalid string length). Output is now written as results are made, in
// chunks, and reads exactly as the in-memory rendering of the same section.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { checkSchemas } from "../check/check-schemas.js";
import { fromRoot } from "../package-root.js";
import type { CheckSection } from "../report/model.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import { formatCheckText } from "./check-text.js";
import type { Io } from "./io.js";
import { main } from "./main.js";
import { parseCheckJson } from "../check/compact-expand.js";
import { compactCheckSection } from "../check/compact-encode.js";

function recordingIo(): Io & { writes: string[]; stdout(): string } {
  const writes: string[] = [];
  return { writes, stdout: () => writes.join(""), err: () => undefined, out: (text) => void writes.push(text), isTTY: false };
}

const spacing = (text: string): string => text.replace(/ +/g, " ");

describe("check output written as it is produced", () => {
  it("writes the same JSON section and the same text as the in-memory check of suites/catalogs", async () => {
    const profiles = loadProfiles();
    const expected = checkSchemas(await loadCatalogs([fromRoot("suites", "catalogs")]), listTargets(profiles).map((name) => resolveTarget(name, profiles)), { profiles });
    const json = recordingIo();
    await main(["check", "--format", "json"], json);
    // Compact on the wire, exactly as the whole section compacts; nothing lost when read back.
    expect(JSON.parse(json.stdout())).toEqual(JSON.parse(JSON.stringify(compactCheckSection(expected))));
    expect(parseCheckJson(json.stdout())).toEqual(JSON.parse(JSON.stringify(expected)));
    const text = recordingIo();
    await main(["check"], text);
    // Columns are as wide as the longest id, target, verdict and rung could be, known before the first row.
    expect(spacing(text.stdout())).toBe(spacing(formatCheckText(expected)));
  });

  it("writes a large catalog in bounded pieces, never one string of everything", async () => {
    const folder = mkdtempSync(join(tmpdir(), "schemalab-check-stream-"));
    // 40 fields each with a keyword the target drops: every place is listed, so the JSON stays sizeable even compact.
    const properties = Object.fromEntries(Array.from({ length: 40 }, (_, field) => [`field_${field}`, { type: "string", minLength: 2 }]));
    const tool = (index: number) => ({ name: `tool_${index}`, input_schema: { type: "object", properties } });
    for (let file = 0; file < 20; file++) writeFileSync(join(folder, `part-${String(file).padStart(2, "0")}.json`), JSON.stringify(Array.from({ length: 50 }, (_, index) => tool(file * 50 + index))));
    for (const format of ["json", "text"]) {
      const io = recordingIo();
      await main(["check", "--catalog", folder, "--target", "anthropic:messages.tools.strict", "--format", format], io);
      const total = io.writes.reduce((sum, piece) => sum + piece.length, 0);
      expect(io.writes.length).toBeGreaterThan(4);
      expect(Math.max(...io.writes.map((piece) => piece.length))).toBeLessThan(total / 4);
      if (format === "json") expect(parseCheckJson(io.stdout()).results).toHaveLength(1000);
      else expect(io.stdout().match(/ on anthropic:messages\.tools\.strict: /g)).toHaveLength(1000);
    }
  });
});

describe("check in worker threads", () => {
  it("writes exactly what the one-thread check writes, in the same order", async () => {
    const oneThread = recordingIo();
    await main(["check", "--format", "json", "--workers", "0"], oneThread);
    const twoWorkers = recordingIo();
    await main(["check", "--format", "json", "--workers", "2"], twoWorkers);
    expect(twoWorkers.stdout()).toBe(oneThread.stdout());
    const textOneThread = recordingIo();
    await main(["check", "--workers", "0"], textOneThread);
    const textTwoWorkers = recordingIo();
    await main(["check", "--workers", "2"], textTwoWorkers);
    expect(textTwoWorkers.stdout()).toBe(textOneThread.stdout());
  });
});
