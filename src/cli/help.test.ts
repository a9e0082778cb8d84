// `--help` goes to stdout with exit 0 for the top level and every verb (so `check --help | less` works).
import { describe, expect, it } from "vitest";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const VERBS = ["run", "fuzz", "conformance", "probe", "check", "report", "dispatch", "compat", "bench", "emulate", "init"];

describe("--help", () => {
  it.each(VERBS)("%s --help prints its usage on stdout and exits 0", async (verb) => {
    const io = memoryIo();
    expect(await main([verb, "--help"], io)).toBe(0);
    expect(io.stdout).toMatch(new RegExp(`usage: schemalab ${verb}`));
    expect(io.stderr).toBe("");
  });

  it("the top level lists every verb on stdout, and says conformance runs every draft", async () => {
    const io = memoryIo();
    expect(await main(["--help"], io)).toBe(0);
    for (const verb of VERBS) expect(io.stdout).toContain(`  ${verb} `);
    expect(io.stdout).not.toContain("(draft 2020-12)");
    const bare = memoryIo();
    expect(await main([], bare)).toBe(2);
    expect(bare.stderr).toContain("usage: schemalab");
  });
});
