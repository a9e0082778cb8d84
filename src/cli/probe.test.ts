// `schemalab probe`: usage errors exit 2 with a reason; a live probe takes its key from the environment
// and the key appears in no output, matrix file or cassette; the budget is respected.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import { loadMatrix } from "../../providers/profiles/load-profiles.js";
import type { ProbeRunSection } from "../probe/run-probe.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

async function probe(args: string[]) {
  const io = memoryIo();
  const exit = await main(["probe", ...args], io);
  return { exit, stdout: io.stdout, stderr: io.stderr };
}

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "SCHEMALAB_API_KEY"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("probe usage", () => {
  it.each([
    [[], /--provider is required/],
    [["--provider", "acme"], /unknown provider 'acme'/],
    [["--provider", "openai", "--emulator", "--record", "a", "--replay", "b"], /exclude each other/],
    [["--provider", "openai", "--emulator", "--base-url", "http://127.0.0.1:1/v1"], /exclude each other/],
    [["--provider", "openai", "--emulator", "--mode", "chat.nope"], /unknown mode "chat.nope".*documented modes: chat.response_format.strict/],
    [["--provider", "openai", "--emulator", "--features", "minLength", "colour"], /not feature ids of the taxonomy: colour/],
    [["--provider", "openai", "--emulator", "--samples", "0"], /--samples: expected a positive integer/],
    [["--provider", "openai-compatible", "--model", "m"], /needs --base-url/],
  ])("%j exits 2 with the reason", async (args, reason) => {
    const { exit, stderr } = await probe(args as string[]);
    expect(exit).toBe(2);
    expect(stderr).toMatch(reason);
  });

  it.each([
    ["openai", "OPENAI_API_KEY"],
    ["anthropic", "ANTHROPIC_API_KEY"],
    ["google", "GEMINI_API_KEY"],
  ])("a live probe of %s without a key or a base URL exits 2 naming %s", async (provider, variable) => {
    delete process.env[variable];
    const { exit, stderr } = await probe(["--provider", provider, "--model", "m"]);
    expect(exit).toBe(2);
    expect(stderr).toContain(variable);
  });

  it("refuses an unknown sub-profile, listing the known ones", async () => {
    const { exit, stderr } = await probe(["--provider", "openai-compatible/sglang", "--emulator"]);
    expect(exit).toBe(2);
    expect(stderr).toMatch(/unknown provider 'openai-compatible\/sglang'.*openai-compatible\/vllm/);
  });
});

describe("probe targets", () => {
  it("probes a keyless local server named by --base-url with no key set, sending no auth header", async () => {
    delete process.env.SCHEMALAB_API_KEY;
    const emulator = await startEmulator({ provider: "openai-compatible" });
    try {
      const run = await probe(["--provider", "openai-compatible", "--base-url", emulator.baseUrl, "--model", "m", "--mode", "chat.response_format", "--features", "minLength", "--format", "json"]);
      expect(run.stderr).not.toMatch(/needs its key/);
      expect((JSON.parse(run.stdout) as ProbeRunSection).modes[0]!.features.minLength).toBeDefined();
      expect(emulator.requests.length).toBeGreaterThan(0);
      for (const request of emulator.requests) expect(request.headers.authorization).toBeUndefined();
    } finally {
      await emulator.close();
    }
  });

  it("takes a sub-profile (openai-compatible/vllm) to plan and diff with, and --mode all for every mode the adapter sends", async () => {
    const run = await probe(["--provider", "openai-compatible/vllm", "--emulator", "--mode", "all", "--features", "minLength,oneOf", "--format", "json"]);
    const section = JSON.parse(run.stdout) as ProbeRunSection;
    expect(section.matrix.provider).toBe("openai-compatible/vllm");
    expect(section.modes.map((mode) => mode.mode)).toEqual(["chat.response_format", "chat.tools", "chat.tools.auto", "chat.response_format.strict", "chat.tools.strict", "chat.tools.required", "chat.tools.strict.auto"]);
    expect(section.modes.find((mode) => mode.mode === "chat.tools.auto")!.features.minLength!.status).toBe("ignored");
    // Cells vLLM's profile leaves unknown (oneOf) are gaps the probe fills, not differences: counted apart.
    expect(section.diffFromProfile).toEqual([]);
    expect(section.measuredWhereUnknown.length).toBeGreaterThan(0);
    expect(run.stderr).toContain(`profile: ${section.measuredWhereUnknown.length} measured where the profile says unknown, 0 contradict the profile`);
    expect(run.stderr).toContain("new (profile says unknown): oneOf enforced");
    expect(run.stderr).not.toContain("contradicts the profile:");
  });
});

describe("probe text", () => {
  it("prints no cost for an emulated probe: an emulator spends nothing (issue 22)", async () => {
    const run = await probe(["--provider", "openai", "--emulator", "--mode", "chat.tools.strict", "--features", "minLength"]);
    const text = run.stdout + run.stderr;
    expect(text).toContain("EMULATED");
    expect(text).not.toMatch(/est\. cost/);
  });
});

describe("probe against a live endpoint (an emulator that wants a real key)", () => {
  const SECRET = "sk-test-0123456789abcdefSECRET";

  it("never writes the key: stdout, stderr, the matrix file and every cassette are clean", async () => {
    const dir = mkdtempSync(join(tmpdir(), "schemalab-probe-key-"));
    const emulator = await startEmulator({ provider: "openai", apiKeys: [SECRET], faults: [{ kind: "rate-limit", retryAfterS: 0, times: 1 }, { kind: "server-error", status: 503, times: 1, when: { feature: "pattern" } }] });
    try {
      process.env.OPENAI_API_KEY = SECRET;
      const out = join(dir, "matrix.json");
      const run = await probe(["--provider", "openai", "--base-url", emulator.baseUrl, "--mode", "chat.tools.strict", "chat.tools", "--features", "minLength,pattern,optional,limit:enum-size", "--record", join(dir, "cassettes"), "--out", out, "--format", "json"]);
      const section = JSON.parse(run.stdout) as ProbeRunSection;
      expect(section.modes.map((mode) => mode.mode)).toEqual(["chat.tools.strict", "chat.tools"]);
      expect(section.modes[0]!.features.minLength!.status).toBe("enforced");
      const written = [run.stdout, run.stderr, readFileSync(out, "utf8"), ...readdirSync(join(dir, "cassettes")).map((file) => readFileSync(join(dir, "cassettes", file), "utf8"))];
      expect(written.length).toBeGreaterThan(5);
      for (const text of written) expect(text).not.toContain(SECRET);
      expect(written.some((text) => text.includes("Bearer <redacted>"))).toBe(true);
      expect(loadMatrix(out).modes).toHaveLength(2);
    } finally {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops at the first refused key instead of spending the budget, and reports auth errors", async () => {
    const emulator = await startEmulator({ provider: "openai", apiKeys: ["sk-the-right-one"] });
    try {
      process.env.OPENAI_API_KEY = SECRET;
      const run = await probe(["--provider", "openai", "--base-url", emulator.baseUrl, "--mode", "chat.tools", "--concurrency", "1", "--format", "json"]);
      const section = JSON.parse(run.stdout) as ProbeRunSection;
      expect(run.exit).toBe(1);
      expect(section.settings.requestsSent).toBe(1);
      expect(Object.values(section.modes[0]!.features).every((cell) => cell.status === "error")).toBe(true);
      expect(run.stdout).toContain("Incorrect API key provided");
      expect(run.stdout + run.stderr).not.toContain(SECRET);
    } finally {
      await emulator.close();
    }
  });
});

describe("probe budget", () => {
  it("sends no more than --max-requests and ends the rest as error with evidence 'budget'", async () => {
    const run = await probe(["--provider", "anthropic", "--emulator", "--max-requests", "10", "--concurrency", "2", "--format", "json"]);
    const section = JSON.parse(run.stdout) as ProbeRunSection;
    expect(section.settings.requestsSent).toBe(10);
    expect(section.records).toHaveLength(10);
    const budget = section.modes.flatMap((mode) => Object.values(mode.features)).filter((cell) => JSON.stringify(cell.evidence).includes("budget"));
    expect(budget.length).toBeGreaterThan(100);
    expect(budget.every((cell) => cell.status === "error")).toBe(true);
    expect(run.exit).toBe(1);
  });

  it("prints a readable summary labelled EMULATED in text format", async () => {
    const run = await probe(["--provider", "google", "--emulator", "--mode", "generate.responseSchema", "--features", "minimum", "const"]);
    expect(run.exit).toBe(0);
    expect(run.stdout).toContain("EMULATED");
    expect(run.stdout).toMatch(/generate.responseSchema: 1 enforced · 1 rejected/);
  });
});
