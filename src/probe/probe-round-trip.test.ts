// `schemalab probe --provider P --emulator --format json` for every provider: the measured matrix must
// equal the emulated (documented) profile, mode by mode. Cells the profile leaves `unknown` follow the
// emulator's documented rule (providers/emulator/schema-rules/emulator-profile-policy.ts): enforced in constrained modes,
// ignored otherwise; features that cannot be violated read as accepted (enforced), and optional /
// additionalProperties: true read through their companion; constrained decoding repairs every probe's
// value (minProperties, dependentSchemas and oneOf included). The one known, explained exception is listed
// below: a cell no verdict can be read from.
import { describe, expect, it } from "vitest";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import { featureInfo } from "../schema/features.js";
import { loadProbeSuite, PROBE_SUITE_VERSION } from "./probe-suite.js";
import type { ProbeRunSection } from "./run-probe.js";

/**
 * Gemini function calls carry an object (args is a Struct): where the profile leaves a non-object root
 * unknown, the emulator refuses the declaration as the documented `parameters` mode does (constrained and AUTO alike).
 */
const UNREADABLE: Readonly<Record<string, string>> = {
  "google:generate.functionDeclarations.parametersJsonSchema:root:non-object": "rejected",
  "google:generate.functionDeclarations.parametersJsonSchema.auto:root:non-object": "rejected",
};

/** Features nothing can break (annotations, a non-object root, an absent type, a keyword outside the taxonomy): measured by acceptance. */
const ACCEPTANCE_ONLY = new Set(loadProbeSuite().probes.filter((probe) => probe.kind === "acceptance" && probe.companion === undefined).map((probe) => probe.feature));
const COMPANIONS: Readonly<Record<string, string>> = { optional: "required", "additionalProperties:true": "additionalProperties:false" };

function expectedStatus(provider: string, mode: ModeProfile, feature: string): string {
  const documented = mode.features[feature]?.status ?? "unknown";
  // The probe asks for minItems 2; a mode that takes only 0 and 1 (rule maxMinItems) refuses it.
  if (feature === "minItems" && mode.rules.maxMinItems !== undefined && mode.rules.maxMinItems < 2) return "rejected";
  if (featureInfo(feature).category === "annotation" && documented === "ignored") return "enforced";
  if (documented !== "unknown") {
    const companion = COMPANIONS[feature];
    // An accepted companion-read probe takes its companion's reading (optional is ignored where required is).
    if (companion !== undefined && (documented === "enforced" || documented === "ignored")) return expectedStatus(provider, mode, companion) === "ignored" ? "ignored" : "enforced";
    return documented;
  }
  const unreadable = UNREADABLE[`${provider}:${mode.mode}:${feature}`];
  if (unreadable !== undefined) return unreadable;
  // Property order: a constrained mode writes declared order (emulator-property-order.ts), a free one keeps the asked order.
  if (feature === "order:properties") return mode.enforcement === "constrained" ? "enforced" : "ignored";
  if (feature.startsWith("limit:") || ACCEPTANCE_ONLY.has(feature)) return "enforced";
  const companion = COMPANIONS[feature];
  if (companion !== undefined) return expectedStatus(provider, mode, companion) === "ignored" ? "ignored" : "enforced";
  return mode.enforcement === "constrained" ? "enforced" : "ignored";
}

const BUDGET = 500;

async function probeEmulatorViaCli(provider: string): Promise<{ exit: number; section: ProbeRunSection; stderr: string }> {
  const io = memoryIo();
  // Ten OpenAI modes (Responses with strict omitted and off among them) need more than the default 300.
  const exit = await main(["probe", "--provider", provider, "--emulator", "--format", "json", "--concurrency", "8", "--max-requests", String(BUDGET)], io);
  return { exit, section: JSON.parse(io.stdout) as ProbeRunSection, stderr: io.stderr };
}

describe.each(["openai", "anthropic", "google", "openai-compatible", "bedrock"])("probe --provider %s --emulator", (provider) => {
  const profile = loadProfiles().find((known) => known.provider === provider)!;
  const run = probeEmulatorViaCli(provider);

  it("labels the section emulated and stays within its request budget", async () => {
    const { section, stderr } = await run;
    expect(section.kind).toBe("probe");
    expect(section.emulated).toBe(true);
    expect(stderr).toContain("EMULATED");
    expect(section.settings.requestsSent).toBeLessThanOrEqual(BUDGET);
    // One record per logical request; a retry (a keep-alive socket the server closed) is counted in it.
    expect(section.records.length + section.records.reduce((sum, record) => sum + record.retries, 0)).toBe(section.settings.requestsSent);
  });

  it("leaves an observability record per request, priced where the model's price is known", async () => {
    const { section } = await run;
    const record = section.records.find((known) => known.finalState === "answered")!;
    expect(Object.keys(record).sort()).toEqual(
      ["actualMode", "costUsd", "features", "httpStatus", "latencyMs", "model", "parseStatus", "provider", "requestedMode", "retries", "sample", "schemaId", "schemaStatus", "schemaVersion", "stream", "finalState", "usage"].sort(),
    );
    expect(record).toMatchObject({ provider, parseStatus: "parsed", schemaStatus: "accepted", retries: 0, schemaVersion: expect.stringMatching(new RegExp(`^${PROBE_SUITE_VERSION}\\+[0-9a-f]{12}$`)) });
    expect(record.actualMode).toBe(record.requestedMode);
    expect(record.usage!.inputTokens).toBeGreaterThan(0);
    // Bedrock model ids are not in the price table (its prices are per region and tier): unpriced, never guessed.
    if (provider === "openai-compatible" || provider === "bedrock") expect(record.costUsd).toBeNull();
    else expect(record.costUsd).toBeGreaterThan(0);
    expect(section.records.some((known) => known.finalState === "rejected" && known.schemaStatus === "rejected") || provider === "openai-compatible").toBe(true);
  });

  it.each(profile.modes.map((mode) => mode.mode))("measures mode %s as the emulated profile", async (modeName) => {
    const { section } = await run;
    const mode = profile.modes.find((known) => known.mode === modeName)!;
    const measured = section.modes.find((known) => known.mode === modeName)!;
    const got = Object.fromEntries(Object.entries(measured.features).map(([feature, cell]) => [feature, cell.status]));
    const want = Object.fromEntries(Object.keys(measured.features).map((feature) => [feature, expectedStatus(provider, mode, feature)]));
    expect(Object.keys(got).sort()).toEqual(Object.keys(mode.features).sort());
    expect(got).toEqual(want);
  });

  it("contradicts no documented cell, errs only where unreadable, and exits 1 only for those", async () => {
    const { exit, section } = await run;
    const contradictions = section.diffFromProfile;
    expect(contradictions).toEqual([]);
    const errors = section.modes.flatMap((mode) => Object.entries(mode.features).filter(([, cell]) => cell.status === "error").map(([feature]) => `${provider}:${mode.mode}:${feature}`));
    expect(errors.every((key) => UNREADABLE[key] === "error")).toBe(true);
    expect(exit).toBe(contradictions.length > 0 || errors.length > 0 ? 1 : 0);
  });

  it("keeps the evidence a reader needs: error text for rejections, samples for the rest", async () => {
    const { section } = await run;
    for (const mode of section.modes) {
      for (const cell of Object.values(mode.features)) {
        const evidence = cell.evidence as { summary: string; error?: string; samples?: unknown[]; tried?: string[] };
        expect(evidence.summary.length).toBeGreaterThan(10);
        if (cell.status === "rejected") expect(evidence.error ?? "").not.toBe("");
        if (cell.status === "ignored") expect(evidence.samples).toBeDefined();
      }
    }
    if (provider === "anthropic") {
      const minLength = section.modes.find((mode) => mode.mode === "messages.tools.strict")!.features.minLength!.evidence as { adapter?: string[] };
      expect(minLength.adapter).toEqual([expect.stringMatching(/^removed minLength at \/properties\/p_minLength: .*\(lossy\)$/)]);
    }
  });
});
