// `check --emit`: the files are the translation the verdict judged, and the emulators take them in their
// modes. And the obligation round trip on a real MCP tool: OpenAI strict mode sends server-filesystem's
// read_file absent optional fields as null, the server's zod handler refuses null, and the function check
// names (dropNullsForOptionalFields, exported from the package) makes the call pass.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { translateForMode } from "../../providers/translation/translators.js";
import { probePrompt } from "../../providers/test-support/emulator-round-trip.js";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import { dropNullsForOptionalFields, startEmulator } from "../index.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import type { RunningEmulators } from "../../providers/emulator/emulator-launch.js";
import type { EmittedPair } from "./emit-judged.js";
import { sendFragment } from "./test-support/send-fragment.js";
import type { CheckSection } from "./types.js";
import { parseCheckJson } from "./compact-expand.js";

const FILESYSTEM = join(import.meta.dirname, "test-support", "mcp-tools", "server-filesystem.json");
const TARGETS = ["openai:chat.tools.strict", "openai:responses.tools.strict", "anthropic:messages.tools.strict", "google:generate.functionDeclarations.parameters", "google:generate.functionDeclarations.parametersJsonSchema", "openai-compatible:chat.tools"];

let emulators: RunningEmulators;
beforeAll(async () => {
  emulators = await startEmulator({ provider: "all" });
});
afterAll(async () => {
  await emulators.close();
});

function calledArguments(target: string, body: unknown): unknown {
  const answer = body as Record<string, any>;
  if (target.startsWith("anthropic:")) return answer.content.find((part: { type: string }) => part.type === "tool_use").input;
  if (target.startsWith("google:")) return answer.candidates[0].content.parts[0].functionCall.args;
  if (target.includes("responses.")) return JSON.parse(answer.output.find((item: { type: string }) => item.type === "function_call").arguments);
  return JSON.parse(answer.choices[0].message.tool_calls[0].function.arguments);
}

describe("check --emit", () => {
  it("writes per schema and target the schema judged and its request fragment, which the emulators accept in their modes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "schemalab-emit-"));
    const io = memoryIo();
    const code = await main(["check", "--catalog", FILESYSTEM, ...TARGETS.flatMap((target) => ["--target", target]), "--emit", dir, "--format", "json"], io);
    expect(code).toBe(0);
    const section = parseCheckJson(io.stdout);
    const { pairs } = JSON.parse(readFileSync(join(dir, "index.json"), "utf8")) as { pairs: EmittedPair[] };
    expect(pairs).toHaveLength(section.results.length);
    const declared = await loadCatalogs([FILESYSTEM]);
    const profiles = loadProfiles();
    for (const pair of pairs) {
      const schema = JSON.parse(readFileSync(join(dir, pair.schema), "utf8"));
      const fragment = JSON.parse(readFileSync(join(dir, pair.request), "utf8")) as Record<string, unknown>;
      // Byte for byte what a fresh translation gives: the verdict judged this schema.
      const translation = translateForMode(declared.find((each) => each.id === pair.schemaId)!, resolveTarget(pair.target, profiles).mode);
      expect(schema).toEqual(translation.native);
      expect(fragment).toEqual(translation.fragment);
      const sent = await sendFragment(emulators, pair.target, fragment, probePrompt({ path: "notes.txt" }));
      expect(sent.status, `${pair.schemaId} on ${pair.target}: ${JSON.stringify(sent.body)}`).toBe(200);
    }
  });
});

describe("the drop-nulls obligation on server-filesystem's read_file", () => {
  // server-filesystem's handler parses arguments with zod: tail and head are optional numbers, never null.
  const ReadFileArgs = z.object({ path: z.string(), tail: z.number().optional(), head: z.number().optional() });

  it("is named by check, and discharging it lets the real handler's validation pass", async () => {
    const io = memoryIo();
    await main(["check", "--catalog", FILESYSTEM, "--target", "openai:chat.tools.strict", "--format", "json"], io);
    const section = parseCheckJson(io.stdout);
    const readFile = section.results.find((result) => result.schemaId === "server-filesystem/read_file")!;
    expect(readFile.verdict).toBe("translated");
    expect(readFile.obligations).toEqual([expect.objectContaining({ kind: "drop-nulls-for-optional-fields", paths: ["/properties/tail", "/properties/head"] })]);
    expect(section.notes[readFile.fallback.reason]).not.toContain("lose nothing");

    const [declared] = (await loadCatalogs([FILESYSTEM])).filter((each) => each.id === "server-filesystem/read_file");
    const translation = translateForMode(declared!, resolveTarget("openai:chat.tools.strict").mode);
    // What strict mode sends for a call without tail and head: both present, as null.
    const sent = await sendFragment(emulators, "openai:chat.tools.strict", translation.fragment, probePrompt({ path: "notes.txt", tail: null, head: null }));
    expect(sent.status).toBe(200);
    const args = calledArguments("openai:chat.tools.strict", sent.body);
    expect(args).toEqual({ path: "notes.txt", tail: null, head: null });
    const refused = ReadFileArgs.safeParse(args);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["tail"], code: "invalid_type" });
    expect(ReadFileArgs.parse(dropNullsForOptionalFields(args, declared!.schema))).toEqual({ path: "notes.txt" });
  });
});
