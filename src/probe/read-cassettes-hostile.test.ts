import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CassetteError, readCassettes } from "./read-cassettes.js";

describe("a replay folder in which a cassette is a directory", () => {
  it("is bad input naming that cassette, not a node:fs stack trace", () => {
    const dir = mkdtempSync(join(tmpdir(), "replay-dir-"));
    try {
      mkdirSync(join(dir, "abc-1.json"));
      expect(() => readCassettes(dir)).toThrow(CassetteError);
      expect(() => readCassettes(dir)).toThrow(/abc-1\.json: is a directory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
