// A live-style probe of Bedrock signed with SigV4 from the environment (AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN; no Bedrock API key), against the Bedrock emulator on
// loopback which takes only that access key id: the cells are measured, and no byte written
// (cassettes, matrix, report on stdout) holds the key id, the secret, the token or a signature.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { EmulatorHandle } from "../../providers/emulator/emulator-types.js";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";

const CREDENTIALS = { AWS_ACCESS_KEY_ID: "AKIAPROBESIGV4TEST01", AWS_SECRET_ACCESS_KEY: "probe/sigv4/secret/not/real/000000000000", AWS_SESSION_TOKEN: "IQoJb3JpZ2luX2VjEPROBESESSIONTOKEN0001" };
const dir = mkdtempSync(join(tmpdir(), "schemalab-bedrock-"));
let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startEmulator({ provider: "bedrock", apiKeys: [CREDENTIALS.AWS_ACCESS_KEY_ID] });
  vi.stubEnv("AWS_BEARER_TOKEN_BEDROCK", "");
  for (const [name, value] of Object.entries(CREDENTIALS)) vi.stubEnv(name, value);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("probe --provider bedrock with SigV4 credentials", () => {
  it("measures through signed requests and writes no credential byte", async () => {
    const io = memoryIo();
    const out = join(dir, "matrix.json");
    const cassettes = join(dir, "cassettes");
    const args = ["probe", "--provider", "bedrock", "--base-url", emulator.origin, "--mode", "converse.tools.strict", "--features", "type:string", "maxItems", "--samples", "1", "--record", cassettes, "--out", out, "--format", "json"];
    const exit = await main(args, io);
    const section = JSON.parse(io.stdout) as { modes: { mode: string; features: Record<string, { status: string }> }[] };
    expect(exit).toBe(0);
    expect(section.modes[0]!.features["type:string"]!.status).toBe("enforced");
    expect(section.modes[0]!.features.maxItems!.status).toBe("rejected");
    expect(emulator.requests.every((request) => request.outcome !== "auth")).toBe(true);
    const written = [io.stdout, io.stderr, readFileSync(out, "utf8"), ...readdirSync(cassettes).map((file) => readFileSync(join(cassettes, file), "utf8"))].join("\n");
    for (const secret of [...Object.values(CREDENTIALS), "AWS4-HMAC-SHA256", "Signature="]) expect(written).not.toContain(secret);
  });
});
