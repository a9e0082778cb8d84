// A live-style probe of Azure (the emulator behind --base-url on loopback) with the key, or an Entra
// token, in the environment: not one 8-character fragment of it in any byte the probe writes (stdout,
// cassettes); the api-version in the query stays, as it is no secret.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { memoryIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";

const KEY = "7f3c9a1be24d4c6f8a0e5b2d9c1f7a3e";
const TOKEN = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL2NvZ25pdGl2ZXNlcnZpY2VzLmF6dXJlLmNvbSIsIm9pZCI6InE5WnQifQ.Zm9vYmFyYmF6cXV4";
let emulator: EmulatorHandle;
const dirs: string[] = [];
beforeAll(async () => {
  emulator = await startEmulator({ provider: "azure", apiKeys: [KEY, TOKEN] });
});
afterAll(async () => {
  await emulator.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => vi.unstubAllEnvs());

function fragments(secret: string): string[] {
  return Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8));
}

async function probeWritten(baseUrl: string): Promise<{ exit: number; written: string }> {
  const dir = mkdtempSync(join(tmpdir(), "schemalab-azure-"));
  dirs.push(dir);
  const io = memoryIo();
  const exit = await main(["probe", "--provider", "azure", "--base-url", baseUrl, "--model", "prod-gpt4o", "--mode", "chat.tools.strict", "--features", "minLength,uniqueItems", "--record", dir, "--format", "json"], io);
  const cassettes = readdirSync(dir).map((file) => readFileSync(join(dir, file), "utf8"));
  expect(cassettes.length).toBeGreaterThan(0);
  return { exit, written: [io.stdout, io.stderr, ...cassettes].join("\n") };
}

describe("azure probe: no key fragment in any byte written", () => {
  test("a key in AZURE_OPENAI_API_KEY (api-key header), deployments URL with api-version", async () => {
    vi.stubEnv("AZURE_OPENAI_API_KEY", KEY);
    const { exit, written } = await probeWritten(`${emulator.origin}/openai?api-version=2024-10-21`);
    expect(exit).not.toBe(2);
    for (const piece of fragments(KEY)) expect(written.toLowerCase()).not.toContain(piece.toLowerCase());
    expect(written).toContain("api-version=2024-10-21");
    expect(emulator.requests.at(-1)?.path).toBe("/openai/deployments/prod-gpt4o/chat/completions?api-version=2024-10-21");
  });

  test("an Entra token in AZURE_OPENAI_AD_TOKEN (Bearer), v1 URL", async () => {
    vi.stubEnv("AZURE_OPENAI_API_KEY", "");
    vi.stubEnv("AZURE_OPENAI_AD_TOKEN", TOKEN);
    const { exit, written } = await probeWritten(`${emulator.origin}/openai/v1`);
    expect(exit).not.toBe(2);
    expect(emulator.requests.at(-1)?.headers.authorization).toBe("Bearer <redacted>");
    for (const piece of fragments(TOKEN)) expect(written).not.toContain(piece);
  });
});
