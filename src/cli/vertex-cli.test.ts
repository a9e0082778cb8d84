// Vertex AI from the CLI: a live probe sends VERTEX_ACCESS_TOKEN as a Bearer token to a project path and
// writes it nowhere; `probe --emulator`, `check --target vertex:<mode>` and `emulate` serve Vertex.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { ProbeRunSection } from "../probe/run-probe.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

async function run(args: string[]) {
  const io = memoryIo();
  const exit = await main(args, io);
  return { exit, stdout: io.stdout, stderr: io.stderr };
}

const TOKEN = "ya29.a0AfB_emulatedVertexToken0123";
const saved = process.env.VERTEX_ACCESS_TOKEN;
afterEach(() => {
  if (saved === undefined) delete process.env.VERTEX_ACCESS_TOKEN;
  else process.env.VERTEX_ACCESS_TOKEN = saved;
});

describe("probe --provider vertex", () => {
  it("a live probe: Bearer token on the project path, and the token in no output, matrix or cassette", async () => {
    const dir = mkdtempSync(join(tmpdir(), "schemalab-vertex-"));
    const emulator = await startEmulator({ provider: "vertex", apiKeys: [TOKEN] });
    try {
      process.env.VERTEX_ACCESS_TOKEN = TOKEN;
      const out = join(dir, "matrix.json");
      const probe = await run(["probe", "--provider", "vertex", "--base-url", emulator.baseUrl, "--mode", "generate.responseFormat", "generate.functionDeclarations.parameters.any", "--features", "enum", "--record", join(dir, "cassettes"), "--out", out, "--format", "json"]);
      const section = JSON.parse(probe.stdout) as ProbeRunSection;
      expect(section.modes.map((mode) => mode.mode)).toEqual(["generate.responseFormat", "generate.functionDeclarations.parameters.any"]);
      expect(section.modes[1]!.features.enum!.status).toBe("enforced");
      expect(emulator.requests.length).toBeGreaterThan(1);
      expect(emulator.requests.every((request) => request.path.startsWith("/v1/projects/") && request.headers.authorization === "Bearer <redacted>")).toBe(true);
      const written = [probe.stdout, probe.stderr, readFileSync(out, "utf8"), ...readdirSync(join(dir, "cassettes")).map((file) => readFileSync(join(dir, "cassettes", file), "utf8"))];
      for (const text of written) {
        expect(text).not.toContain(TOKEN);
        expect(text).not.toContain(TOKEN.slice(5, -2));
      }
    } finally {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--emulator: the emulated Vertex contradicts none of its documented cells", async () => {
    const probe = await run(["probe", "--provider", "vertex", "--emulator", "--mode", "generate.responseSchema", "--features", "additionalProperties:false,minItems", "--format", "json"]);
    expect(probe.exit).toBe(0);
    const section = JSON.parse(probe.stdout) as ProbeRunSection;
    expect(section.modes[0]!.features["additionalProperties:false"]!.status).toBe("enforced");
  });
});

describe("check --target vertex:<mode>", () => {
  it("takes additionalProperties in Vertex's OpenAPI dialect where the Gemini API refuses it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "schemalab-vertex-check-"));
    try {
      const catalog = join(dir, "tools.json");
      const inputSchema = { type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: false };
      writeFileSync(catalog, JSON.stringify([{ name: "lookup", description: "Find", inputSchema }]));
      const base = ["check", "--catalog", catalog, "--unsupported", "reject", "--format", "json"];
      const vertex = await run([...base, "--target", "vertex:generate.functionDeclarations.parameters"]);
      const gemini = await run([...base, "--target", "google:generate.functionDeclarations.parameters"]);
      expect([vertex.exit, gemini.exit]).toEqual([0, 1]);
      expect(vertex.stdout).toContain("vertex:generate.functionDeclarations.parameters");
      const unknown = await run([...base, "--target", "vertex:generate.nope"]);
      expect(unknown.exit).toBe(2);
      expect(unknown.stderr).toMatch(/vertex:generate\.responseFormat/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
