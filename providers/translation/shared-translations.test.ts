// Sharing a translation between modes that read alike must give what translating for each mode gives:
// every documented mode, in profile order, on the catalogs and on keyword soup, both unsupported views.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCatalogs } from "../../src/schema/load-catalog.js";
import type { DeclaredSchema, JsonSchema } from "../../src/schema/types.js";
import { fromRoot } from "../../src/package-root.js";
import { FEATURES } from "../../src/schema/features.js";
import { loadProfiles } from "../profiles/load-profiles.js";
import type { CapabilityStatus, ModeProfile } from "../profiles/profile-types.js";
import { keywordSoupSchema } from "../test-support/schema-arbitraries.js";
import { SharedTranslations } from "./shared-translations.js";
import { translateForMode } from "./translators.js";
import type { Translation } from "./translation-types.js";

const modes = loadProfiles().flatMap((profile) => profile.modes);
const declare = (schema: JsonSchema): DeclaredSchema => ({
  id: "shared/schema", name: "shared_schema", version: null, source: { file: "shared.json", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12",
});
const whole = (translation: Translation): string =>
  JSON.stringify({ native: translation.native, fragment: translation.fragment, changes: translation.changes, rejected: translation.rejected, dialectUses: translation.dialectUses });

function expectSharedEqualsOwn(declared: DeclaredSchema, unsupported: "strip" | "reject"): number {
  const shared = new SharedTranslations();
  const natives = new Set<unknown>();
  for (const mode of modes) {
    const translation = shared.translate(declared, mode, { unsupported });
    natives.add(translation.native);
    expect(whole(translation)).toBe(whole(translateForMode(declared, mode, { unsupported })));
  }
  return natives.size;
}

describe("translations shared between modes", () => {
  it("equal each mode's own translation on keyword soup", () => {
    fc.assert(
      fc.property(keywordSoupSchema, fc.constantFrom("strip" as const, "reject" as const), (schema, unsupported) => {
        expectSharedEqualsOwn(declare(schema), unsupported);
      }),
      { numRuns: 60 },
    );
  });

  it("equal each mode's own translation on the catalogs, and are shared", async () => {
    const schemas = await loadCatalogs([fromRoot("suites", "catalogs")]);
    let translated = 0;
    for (const declared of schemas) {
      for (const unsupported of ["strip", "reject"] as const) translated += expectSharedEqualsOwn(declared, unsupported);
    }
    // Fewer distinct translations than pairs: modes that read a schema alike got one translation.
    expect(translated).toBeLessThan(schemas.length * 2 * modes.length);
  });

  it("equal each mode's own translation when two modes differ in one cell", () => {
    const statuses: CapabilityStatus[] = ["enforced", "ignored", "unknown", "altered", "rejected"];
    fc.assert(
      fc.property(
        keywordSoupSchema,
        fc.constantFrom(...modes),
        fc.constantFrom(...FEATURES.map((feature) => feature.id)),
        fc.constantFrom(...statuses),
        fc.constantFrom("strip" as const, "reject" as const),
        (schema, mode, feature, status, unsupported) => {
          const cell = mode.features[feature] ?? { source: "test", date: "2026-12-01" };
          const variant: ModeProfile = { ...mode, features: { ...mode.features, [feature]: { ...cell, status } } };
          const declared = declare(schema);
          const shared = new SharedTranslations();
          for (const each of [mode, variant]) expect(whole(shared.translate(declared, each, { unsupported }))).toBe(whole(translateForMode(declared, each, { unsupported })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps each mode's own refusal texts (a refusal without the provider's error names the mode)", () => {
    const schema = { type: "object", properties: { tags: { type: "array", items: { type: "string" }, uniqueItems: true } } };
    const declared = declare(schema);
    const shared = new SharedTranslations();
    for (const mode of modes) {
      expect(whole(shared.translate(declared, mode, { unsupported: "reject" }))).toBe(whole(translateForMode(declared, mode, { unsupported: "reject" })));
    }
  });
});
