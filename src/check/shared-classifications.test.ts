// Sharing findings between targets must give what classifying for each target gives: every documented
// mode and one-cell variants of it, over shared translations of the catalogs and of keyword soup.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { CapabilityStatus, ModeProfile } from "../../providers/profiles/profile-types.js";
import { SharedTranslations } from "../../providers/translation/shared-translations.js";
import { keywordSoupSchema } from "../../providers/test-support/schema-arbitraries.js";
import { fromRoot } from "../package-root.js";
import { FEATURES } from "../schema/features.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import type { DeclaredSchema, JsonSchema } from "../schema/types.js";
import { classifyNativeFeatures } from "./classify-native-features.js";
import { SharedClassifications } from "./shared-classifications.js";

const modes = loadProfiles().flatMap((profile) => profile.modes);
const declare = (schema: JsonSchema): DeclaredSchema => ({
  id: "shared/schema", name: "shared_schema", version: null, source: { file: "shared.json", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12",
});

function expectSharedEqualsOwn(declared: DeclaredSchema, targets: readonly ModeProfile[]): void {
  const translations = new SharedTranslations();
  const findings = new SharedClassifications();
  for (const mode of targets) {
    const translation = translations.translate(declared, mode);
    const shared = findings.classify(translation, mode, declared.name, declared.schema);
    expect(JSON.stringify(shared)).toBe(JSON.stringify(classifyNativeFeatures(translation, mode, declared.name, declared.schema)));
  }
}

describe("findings shared between targets", () => {
  it("equal each target's own on the catalogs", async () => {
    for (const declared of await loadCatalogs([fromRoot("suites", "catalogs")])) expectSharedEqualsOwn(declared, modes);
  });

  it("equal each target's own when two modes differ in one cell", () => {
    const statuses: CapabilityStatus[] = ["enforced", "ignored", "unknown", "altered", "rejected"];
    fc.assert(
      fc.property(keywordSoupSchema, fc.constantFrom(...modes), fc.constantFrom(...FEATURES.map((feature) => feature.id)), fc.constantFrom(...statuses), fc.boolean(), (schema, mode, feature, status, noted) => {
        const cell = mode.features[feature] ?? { source: "test", date: "2026-12-01" };
        const variant: ModeProfile = { ...mode, features: { ...mode.features, [feature]: { ...cell, status, ...(noted ? { note: "a note of its own" } : {}) } } };
        expectSharedEqualsOwn(declare(schema), [mode, variant]);
      }),
      { numRuns: 300 },
    );
  });
});
