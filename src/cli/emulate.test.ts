// `schemalab emulate`: bad usage exits 2 with the reason; a run prints the SDK URLs, answers with the
// faults asked for, logs one JSON line per request, replays a measured matrix, and closes on a signal.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { fromRoot } from "../package-root.js";
import { emulateVerb } from "./emulate.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "schemalab-emulate-"));
  dirs.push(dir);
  return dir;
}

/** Runs the verb until `work` is done with the printed URLs, then sends it the signal. */
async function serve(args: string[], work: (urls: Record<string, { sdk: string; aiSdk: string }>) => Promise<void>, signal: "SIGINT" | "SIGTERM" = "SIGTERM") {
  const io = memoryIo();
  let stop!: (name: "SIGINT" | "SIGTERM") => void;
  const stopped = new Promise<"SIGINT" | "SIGTERM">((resolve) => (stop = resolve));
  const exit = emulateVerb([...args, "--format", "json"], io, stopped);
  while (io.stdout === "") await new Promise((resolve) => setTimeout(resolve, 5));
  try {
    await work((JSON.parse(io.stdout) as { urls: Record<string, { sdk: string; aiSdk: string }> }).urls);
  } finally {
    stop(signal);
  }
  return { exit: await exit, io };
}

const chat = (baseUrl: string, body: object) =>
  fetch(`${baseUrl}/chat/completions`, { method: "POST", headers: { authorization: "Bearer k", "content-type": "application/json" }, body: JSON.stringify(body) });

describe("emulate usage", () => {
  test.each([
    [[], /--provider is required/],
    [["--provider", "acme"], /unknown provider 'acme'/],
    [["--provider", "openai", "--fault", "teapot"], /--fault 'teapot': unknown kind/],
    [["--provider", "openai", "--port", "70000"], /--port: expected an integer/],
    [["--provider", "openai", "--matrix", "/nonexistent/m.json"], /m.json: no such file/],
    [["--provider", "anthropic", "--profile", fromRoot("providers", "openai", "profile.json")], /not among the emulated providers/],
  ])("%j exits 2", async (args, reason) => {
    const io = memoryIo();
    expect(await main(["emulate", ...(args as string[])], io)).toBe(2);
    expect(io.stderr).toMatch(reason);
  });
});

describe("emulate serving", () => {
  test("all: one URL pair per provider, as each SDK takes it", async () => {
    const { exit } = await serve(["--provider", "all"], async (urls) => {
      expect(urls.azure!.sdk).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openai\/v1$/);
      expect(Object.keys(urls)).toEqual(["openai", "anthropic", "google", "openai-compatible", "azure", "bedrock"]);
      expect(urls.bedrock!.sdk).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(urls.openai!.sdk).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(urls.anthropic!.sdk).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(urls.anthropic!.aiSdk).toBe(`${urls.anthropic!.sdk}/v1`);
      expect(urls.google!.aiSdk).toBe(`${urls.google!.sdk}/v1beta`);
    }, "SIGINT");
    expect(exit).toBe(130);
  });

  test("429@1 then an answer; --log holds one JSON line per request with its outcome and request id", async () => {
    const log = join(tempDir(), "logs", "emulate.jsonl");
    const { exit } = await serve(["--provider", "openai", "--fault", "429:3@1", "--log", log], async (urls) => {
      const body = { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] };
      const first = await chat(urls.openai!.sdk, body);
      expect(first.status).toBe(429);
      expect(first.headers.get("retry-after")).toBe("3");
      const second = await chat(urls.openai!.sdk, body);
      expect(second.status).toBe(200);
      expect(second.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    });
    expect(exit).toBe(143);
    const records = readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => [record.seq, record.provider, record.status, record.outcome, record.faults])).toEqual([
      [1, "openai", 429, "fault:rate-limit", ["rate-limit"]],
      [2, "openai", 200, "answered", []],
    ]);
    expect(JSON.stringify(records)).not.toContain("Bearer k");
  });

  test("--matrix: a probed server's measured refusal is what the emulator answers", async () => {
    const profile = JSON.parse(readFileSync(fromRoot("providers", "openai-compatible", "vllm.profile.json"), "utf8")) as { modes: { mode: string; features: Record<string, unknown> }[] };
    const mode = profile.modes.find((entry) => entry.mode === "chat.response_format")!;
    mode.features.minLength = { status: "rejected", source: "schemalab-probe:openai@test@2026-12-01", quote: "measured rejected", date: "2026-12-01", evidence: "observed", error: "measured: minLength is not supported" };
    const file = join(tempDir(), "vllm-matrix.json");
    writeFileSync(file, JSON.stringify({ ...profile, measuredAt: "2026-12-01T00:00:00Z" }));
    await serve(["--provider", "openai-compatible", "--matrix", file], async (urls) => {
      const schema = { type: "object", properties: { name: { type: "string", minLength: 2 } }, required: ["name"] };
      const answer = await chat(urls["openai-compatible"]!.sdk, {
        model: "m",
        messages: [{ role: "user", content: "hi" }],
        response_format: { type: "json_schema", json_schema: { name: "x", schema } },
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe("measured: minLength is not supported");
    });
  });
});
