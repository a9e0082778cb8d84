// `--record DIR` then `--replay DIR`: the replay answers from the cassettes with no network at all and
// gives the same matrix as the recorded run.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import type { ProbeRunSection } from "./run-probe.js";

const dir = mkdtempSync(join(tmpdir(), "schemalab-cassettes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ exit: number; section: ProbeRunSection }> {
  const io = memoryIo();
  const exit = await main(["probe", ...args, "--format", "json"], io);
  return { exit, section: JSON.parse(io.stdout) as ProbeRunSection };
}

const statuses = (section: ProbeRunSection) => section.modes.map((mode) => ({ mode: mode.mode, features: Object.fromEntries(Object.entries(mode.features).map(([feature, cell]) => [feature, cell.status])) }));

/** The matrix with the run's own timestamp blanked: everything measured must match. */
const withoutTimestamps = (section: ProbeRunSection) => JSON.parse(JSON.stringify(section.matrix.modes).split(section.measuredAt).join("<measuredAt>")) as unknown;

describe("record then replay", () => {
  const recorded = cli(["--provider", "google", "--emulator", "--record", dir]);

  it("writes one cassette per request, keyed by a hash of path and body", async () => {
    const { section } = await recorded;
    const files = readdirSync(dir);
    expect(files).toHaveLength(section.settings.requestsSent);
    expect(files.every((file) => /^[0-9a-f]{24}-\d+\.json$/.test(file))).toBe(true);
    const cassette = JSON.parse(readFileSync(join(dir, files[0]!), "utf8")) as { request: { headers: Record<string, string> }; response: { status: number } };
    expect(cassette.request.headers["x-goog-api-key"]).toBe("<redacted>");
  });

  it("replays the same matrix without touching the network", async () => {
    const { section: original } = await recorded;
    const network = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("the network must not be used in a replay"));
    try {
      const { section: replayed } = await cli(["--provider", "google", "--replay", dir]);
      expect(network).not.toHaveBeenCalled();
      expect(statuses(replayed)).toEqual(statuses(original));
      expect(withoutTimestamps(replayed)).toEqual(withoutTimestamps(original));
      expect(replayed.emulated).toBe(true);
      expect(replayed.settings.source).toBe("replay");
      expect(replayed.settings.requestsSent).toBe(original.settings.requestsSent);
    } finally {
      network.mockRestore();
    }
  });

  it("answers a request it has no cassette for as an error, never a verdict", async () => {
    const { section, exit } = await cli(["--provider", "google", "--replay", dir, "--model", "gemini-2.5-pro", "--mode", "generate.responseSchema", "--features", "minLength"]);
    expect(section.modes[0]!.features.minLength!.status).toBe("error");
    expect((section.modes[0]!.features.minLength!.evidence as { summary: string }).summary).toContain("cassette_miss");
    expect(exit).toBe(1);
  });
});
