// Any server speaking the Chat Completions format can be probed live with --base-url. Here that server
// is the OpenAI-compatible emulator behaving as a custom profile (some features ignored, some refused
// with vLLM's 400, optional fields altered, a property-count limit), and every verdict is checked. The
// refusal text names no property, so the probe has to pin each refusal by splitting batches.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../providers/emulator/emulator-start.js";
import type { EmulatorHandle } from "../../providers/emulator/emulator-types.js";
import { loadMatrix } from "../../providers/profiles/load-profiles.js";
import type { CapabilityStatus, ModeProfile, ProviderProfile } from "../../providers/profiles/profile-types.js";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import { FEATURE_IDS, featureInfo } from "../schema/features.js";
import { loadProbeSuite } from "./probe-suite.js";
import type { ProbeRunSection } from "./run-probe.js";

// contains and dependent* are enforced beside `optional: altered` and ignored uniqueItems: constrained
// decoding adds the item contains wants without touching the ignored duplicates next to it, and a
// property another one requires keeps its declared type rather than the altered null. minProperties and
// maxProperties stay out of enforcement: under `optional: altered` every property is required and
// nullable, so the second property comes back null (breaking its type, not minProperties) and
// maxProperties: 1 cannot be met at all.
const IGNORED = ["minLength", "pattern", "format:email", "uniqueItems", "const", "maxProperties"];
const REJECTED = ["patternProperties", "if-then-else", "not", "format:other", "minProperties", "limit:property-count"];
const ALTERED = ["optional", "enum", "oneOf"];

function cells(statusOf: (feature: string) => CapabilityStatus): ModeProfile["features"] {
  return Object.fromEntries(FEATURE_IDS.map((feature) => [feature, { status: statusOf(feature), source: "https://example.test/custom-profile", quote: "test", date: "2026-11-30", evidence: "documented" as const }]));
}

function customProfile(): ProviderProfile {
  const documented = JSON.parse(readFileSync(new URL("../../providers/openai-compatible/profile.json", import.meta.url), "utf8")) as ProviderProfile;
  const [format, tools] = [documented.modes.find((mode) => mode.mode === "chat.response_format")!, documented.modes.find((mode) => mode.mode === "chat.tools")!];
  const constrained = (feature: string): CapabilityStatus =>
    IGNORED.includes(feature) ? "ignored" : REJECTED.includes(feature) ? "rejected" : ALTERED.includes(feature) ? "altered" : "enforced";
  const bestEffort = (feature: string): CapabilityStatus =>
    feature === "root:non-object" ? "rejected" : featureInfo(feature).category === "annotation" ? "enforced" : feature.startsWith("limit:") ? "unknown" : "ignored";
  return {
    ...documented,
    modes: [
      { ...format, enforcement: "constrained", features: cells(constrained), limits: { maxProperties: 37 } },
      { ...tools, enforcement: "best-effort", features: cells(bestEffort) },
    ],
  };
}

/** Features nothing can break (annotations, a non-object root, an absent type...): measured by acceptance. */
const ACCEPTANCE_ONLY = new Set(loadProbeSuite().probes.filter((probe) => probe.kind === "acceptance" && probe.companion === undefined).map((probe) => probe.feature));

/** What the probe must measure: the custom profile, read as the probe reads it. */
function expected(mode: string, feature: string): string {
  if (mode === "chat.response_format") {
    if (feature === "additionalProperties:true" || feature.startsWith("limit:") || featureInfo(feature).category === "annotation" || ACCEPTANCE_ONLY.has(feature)) {
      return feature === "limit:property-count" ? "rejected" : "enforced";
    }
    return IGNORED.includes(feature) ? "ignored" : REJECTED.includes(feature) ? "rejected" : ALTERED.includes(feature) ? "altered" : "enforced";
  }
  if (feature === "root:non-object") return "rejected";
  // A best-effort mode keeps the asked order.
  if (feature === "order:properties") return "ignored";
  if (featureInfo(feature).category === "annotation" || feature.startsWith("limit:") || ACCEPTANCE_ONLY.has(feature)) return "enforced";
  return "ignored";
}

let emulator: EmulatorHandle;
const dir = mkdtempSync(join(tmpdir(), "schemalab-probe-custom-"));
const matrixFile = join(dir, "measured.json");
let run: { exit: number; section: ProbeRunSection; stderr: string };

beforeAll(async () => {
  emulator = await startEmulator({ provider: "openai-compatible", profile: customProfile() });
  process.env.SCHEMALAB_API_KEY = "local-server-needs-no-key";
  const io = memoryIo();
  const exit = await main(["probe", "--provider", "openai-compatible", "--base-url", emulator.baseUrl, "--model", "m", "--format", "json", "--out", matrixFile, "--concurrency", "8"], io);
  run = { exit, section: JSON.parse(io.stdout) as ProbeRunSection, stderr: io.stderr };
});

afterAll(async () => {
  delete process.env.SCHEMALAB_API_KEY;
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("probe --provider openai-compatible --base-url (custom profile)", () => {
  it.each(["chat.response_format", "chat.tools"])("measures every feature of %s as the server behaves", (mode) => {
    const features = run.section.modes.find((known) => known.mode === mode)!.features;
    const got = Object.fromEntries(Object.entries(features).map(([feature, cell]) => [feature, cell.status]));
    expect(got).toEqual(Object.fromEntries(FEATURE_IDS.map((feature) => [feature, expected(mode, feature)])));
  });

  it("pins each refusal on its feature and keeps the server's error text", () => {
    const features = run.section.modes[0]!.features;
    for (const feature of REJECTED.filter((id) => !id.startsWith("limit:"))) {
      expect(features[feature]!.evidence).toMatchObject({ httpStatus: 400, error: "The provided JSON schema contains features not supported by xgrammar." });
    }
  });

  it("says how optional fields were altered", () => {
    expect((run.section.modes[0]!.features.optional!.evidence as { summary: string }).summary).toMatch(/filled \(height=null, note=null\)/);
  });

  it("finds the property-count limit by bisection in a dozen requests", () => {
    const evidence = run.section.modes[0]!.features["limit:property-count"]!.evidence as { largestAccepted: number; smallestRefused: number; tried: string[] };
    expect(evidence).toMatchObject({ largestAccepted: 37, smallestRefused: 38 });
    expect(evidence.tried.length).toBeLessThanOrEqual(12);
  });

  it("writes a matrix that check --matrix accepts, with the measured limit", () => {
    const matrix = loadMatrix(matrixFile);
    expect(matrix.measuredAt).toBe(run.section.measuredAt);
    const mode = matrix.modes.find((known) => known.mode === "chat.response_format")!;
    expect(mode.limits.maxProperties).toBe(37);
    expect(mode.features.minLength!.status).toBe("ignored");
    expect(mode.features["format:other"]!.error).toContain("xgrammar");
  });

  it("reports a live target as not emulated unless the server says it is", () => {
    // The emulator marks its answers with x-schemalab-emulated, so even a --base-url probe of it is labelled.
    expect(run.section.emulated).toBe(true);
    expect(run.section.baseUrl).toBe(emulator.baseUrl);
  });

  it("compares with the documented profile, where every cell is unknown: all new facts, no contradiction, exit 0", () => {
    expect(run.section.diffFromProfile).toEqual([]);
    expect(run.section.measuredWhereUnknown.every((entry) => entry.documented === "unknown")).toBe(true);
    expect(run.section.measuredWhereUnknown.length).toBeGreaterThan(0);
    expect(run.exit).toBe(0);
  });
});
