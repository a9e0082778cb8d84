// Two runs into one folder once both exited 0 and left a results.jsonl with one header and two footers.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { readResultsFile } from "../report/read-results.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";
import { LOCK_FILE, lockOutputFolder } from "./output-lock.js";

describe("output folder lock", () => {
  it("refuses a second holder while the first lives, and takes over a stale lock", () => {
    const folder = mkdtempSync(join(tmpdir(), "schemalab-lock-"));
    writeFileSync(join(folder, LOCK_FILE), "1\n"); // pid 1 always exists
    expect(() => lockOutputFolder(folder)).toThrow(/in use by another schemalab run \(pid 1/);
    writeFileSync(join(folder, LOCK_FILE), "999999999\n"); // no such process
    const release = lockOutputFolder(folder);
    expect(readFileSync(join(folder, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  });

  it("refuses a second run into a folder a running run writes (exit 2, naming it); SIGTERM then ends the first with 143 and a readable report", async () => {
    const out = mkdtempSync(join(tmpdir(), "schemalab-run-lock-"));
    const script = `import { main } from ${JSON.stringify(fromRoot("src", "cli", "main.ts"))};\nprocess.exitCode = await main(["run", "--out", ${JSON.stringify(out)}, "--runs", "100000000", "--fuzz-seconds", "600", "--providers", "openai", "--seed", "3"]);\n`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: fromRoot(), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    const started = new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("writing")) resolve();
      });
    });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    await started;
    const second = memoryIo();
    expect(await main(["run", "--out", out, "--runs", "10"], second)).toBe(2);
    expect(second.stderr).toContain(`in use by another schemalab run (pid ${child.pid}`);
    expect(second.stderr.trim().split("\n")).toHaveLength(1);
    child.kill("SIGTERM");
    const exit = await exited;
    // 143 from our handler; under tsx the loader may re-raise the signal after our handler ran.
    expect(exit.code === 143 || exit.signal === "SIGTERM", JSON.stringify(exit)).toBe(true);
    const { document } = readResultsFile(join(out, "results.jsonl"));
    expect(document.footer.complete).toBe(false);
    expect(readFileSync(join(out, "results.jsonl"), "utf8").match(/"kind":"footer"/g)).toHaveLength(1);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  }, 120_000);
});
