import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020Module from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../../src/package-root.js";
import { FEATURE_IDS, isFeatureId } from "../../src/schema/features.js";
import {
  listProfileFiles,
  listTargets,
  loadMatrix,
  loadProfiles,
  overlayMatrices,
  ProfileError,
  resolveTarget,
  UnknownTargetError,
  validateProfile,
} from "./load-profiles.js";

const Ajv2020 = Ajv2020Module.default;
const profileSchema = JSON.parse(readFileSync(fromRoot("providers", "profile.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(profileSchema);
const files = listProfileFiles();

describe("profile files", () => {
  it("are found for every provider and sub-profile", () => {
    const names = files.map((file) => file.slice(fromRoot("providers").length + 1));
    expect(names).toEqual([
      "anthropic/profile.json",
      "azure/profile.json",
      "bedrock/profile.json",
      "google/profile.json",
      "openai/profile.json",
      "openai/fine-tuned.profile.json",
      "openai-compatible/profile.json",
      "openai-compatible/deepseek.profile.json",
      "openai-compatible/groq.profile.json",
      "openai-compatible/llamacpp.profile.json",
      "openai-compatible/mistral.profile.json",
      "openai-compatible/ollama.profile.json",
      "openai-compatible/openrouter.profile.json",
      "openai-compatible/vllm.profile.json",
      "openai-compatible/xai.profile.json",
    ]);
  });

  it.each(files)("%s validates against providers/profile.schema.json", (file) => {
    const ok = validate(JSON.parse(readFileSync(file, "utf8")));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each(files)("%s has one cell per taxonomy feature id in every mode, and no other", (file) => {
    const profile = validateProfile(JSON.parse(readFileSync(file, "utf8")), file);
    for (const mode of profile.modes) {
      expect(Object.keys(mode.features).filter((id) => !isFeatureId(id))).toEqual([]);
      expect(Object.keys(mode.features).sort()).toEqual([...FEATURE_IDS].sort());
    }
  });

  it("keeps a verbatim error only where a rejection was seen or documented", () => {
    for (const profile of loadProfiles()) {
      for (const mode of profile.modes) {
        for (const [feature, cell] of Object.entries(mode.features)) {
          if (cell.error !== undefined) expect(["rejected", "unknown"], `${profile.provider}:${mode.mode} ${feature}`).toContain(cell.status);
        }
      }
    }
  });

  it("marks what providers.md leaves unconfirmed as unknown, with the note", () => {
    const openai = resolveTarget("openai:chat.tools.strict").mode;
    expect(openai.features.minLength).toMatchObject({ status: "enforced", evidence: "documented" });
    expect(openai.features.prefixItems!.status).toBe("unknown");
    const anthropic = resolveTarget("anthropic:messages.tools.strict").mode;
    expect(anthropic.features.not!.status).toBe("unknown");
    const gemini = resolveTarget("google:generate.responseSchema").mode;
    expect(gemini.features.pattern).toMatchObject({ status: "unknown" });
    expect(gemini.features["limit:nesting-depth"]!.note).toMatch(/UNCONFIRMED/);
  });

  it("names a source and a date on every cell, limit and rule set (provenance.test.ts checks the rest)", () => {
    for (const profile of loadProfiles()) {
      expect(profile.sources.length).toBeGreaterThan(0);
      for (const mode of profile.modes) {
        for (const cell of [...Object.values(mode.features), mode.limitSource, mode.ruleSource]) {
          expect(cell.source).not.toMatch(/providers\.md/);
          expect(cell.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
      }
    }
  });

  it("points every fallbackTarget at a known target of another mode", () => {
    const targets = listTargets();
    for (const profile of loadProfiles()) {
      for (const mode of profile.modes) {
        if (mode.fallbackTarget === undefined) continue;
        expect(targets).toContain(mode.fallbackTarget);
        expect(mode.fallbackTarget).not.toBe(`${profile.provider}:${mode.mode}`);
      }
    }
  });
});

describe("targets", () => {
  it("lists provider:mode for every documented mode, sub-profiles as provider/variant:mode", () => {
    const targets = listTargets();
    expect(targets).toEqual(expect.arrayContaining([
      "openai:chat.response_format.strict",
      "openai:chat.tools.strict",
      "openai:chat.tools",
      "openai:responses.text.format.strict",
      "openai:responses.tools.strict",
      "anthropic:messages.tools",
      "anthropic:messages.tools.strict",
      "anthropic:messages.output_config.format",
      "google:generate.responseSchema",
      "google:generate.responseJsonSchema",
      "google:generate.functionDeclarations.parameters",
      "google:generate.functionDeclarations.parametersJsonSchema",
      "openai-compatible:chat.response_format",
      "openai-compatible:chat.tools",
      "openai-compatible/vllm:chat.response_format",
      "openai-compatible/llamacpp:chat.response_format",
      "openai-compatible/ollama:chat.response_format",
    ]));
    expect(new Set(targets).size).toBe(targets.length);
  });

  it("resolves a target to its profile and mode", () => {
    const resolved = resolveTarget("openai-compatible/vllm:chat.response_format");
    expect(resolved.profile.provider).toBe("openai-compatible/vllm");
    expect(resolved.mode.mode).toBe("chat.response_format");
  });

  it("refuses an unknown target, listing the known ones", () => {
    expect(() => resolveTarget("openai:chat.tool.strict")).toThrow(UnknownTargetError);
    try {
      resolveTarget("openai:chat.tool.strict");
    } catch (error) {
      expect((error as Error).message).toContain("unknown target 'openai:chat.tool.strict'");
      expect((error as Error).message).toContain("openai:chat.tools.strict");
      expect((error as UnknownTargetError).knownTargets).toEqual(listTargets());
    }
  });
});

describe("measured matrices", () => {
  const dir = mkdtempSync(join(tmpdir(), "schemalab-matrix-"));
  const openai = loadProfiles().find((profile) => profile.provider === "openai")!;
  const strictTools = openai.modes.find((mode) => mode.mode === "chat.tools.strict")!;
  const write = (name: string, value: unknown): string => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  };

  it("loads a profile-shaped matrix with measuredAt", () => {
    const measured = { ...strictTools, features: { ...strictTools.features, minLength: { status: "enforced", source: "schemalab-probe:openai@test@2026-11-30", quote: "measured enforced", date: "2026-11-30", evidence: "observed" } } };
    const file = write("openai.json", { ...openai, modes: [measured], measuredAt: "2026-11-30T10:00:00Z", model: "gpt-4o-2024-08-06" });
    const matrix = loadMatrix(file);
    expect(matrix.measuredAt).toBe("2026-11-30T10:00:00Z");
    const merged = overlayMatrices(loadProfiles(), [matrix]);
    const mergedOpenAI = merged.find((profile) => profile.provider === "openai")!;
    expect(mergedOpenAI.modes.find((mode) => mode.mode === "chat.tools.strict")!.features.minLength!.status).toBe("enforced");
    expect(mergedOpenAI.modes).toHaveLength(openai.modes.length);
  });

  it("refuses a matrix without measuredAt, naming the file", () => {
    const file = write("no-date.json", openai);
    expect(() => loadMatrix(file)).toThrow(ProfileError);
    expect(() => loadMatrix(file)).toThrow(/no-date\.json.*measuredAt/);
  });

  it("refuses a matrix with an unknown status, naming the place", () => {
    const broken = { ...strictTools, features: { ...strictTools.features, pattern: { status: "maybe", source: "https://x.test", quote: "x", date: "2026-11-30", evidence: "documented" } } };
    const file = write("bad-status.json", { ...openai, modes: [broken], measuredAt: "2026-11-30T10:00:00Z" });
    expect(() => loadMatrix(file)).toThrow(/bad-status\.json at \/modes\/0\/features\/pattern\/status/);
  });

  it("refuses a cell whose feature id is not in the taxonomy", () => {
    const broken = { ...strictTools, features: { ...strictTools.features, "format:zip": { status: "enforced", source: "https://x.test", quote: "x", date: "2026-11-30", evidence: "documented" } } };
    const file = write("bad-feature.json", { ...openai, modes: [broken], measuredAt: "2026-11-30T10:00:00Z" });
    expect(() => loadMatrix(file)).toThrow(/'format:zip' is not a feature id/);
  });

  it("refuses a file that is not JSON or not there", () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, "{ not json");
    expect(() => loadMatrix(file)).toThrow(/broken\.json: invalid JSON/);
    expect(() => loadMatrix(join(dir, "missing.json"))).toThrow(/missing\.json: no such file/);
  });
});
