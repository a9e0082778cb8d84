import { describe, expect, test } from "vitest";
import { loadProfiles } from "../profiles/load-profiles.js";
import type { Citation, ProviderProfile } from "../profiles/profile-types.js";

const profiles = loadProfiles();
const vertex = profiles.find((profile) => profile.provider === "vertex")!;
const google = profiles.find((profile) => profile.provider === "google")!;
const mode = (profile: ProviderProfile, id: string) => profile.modes.find((known) => known.mode === id)!;

function citations(profile: ProviderProfile): Citation[] {
  return profile.modes.flatMap((known) => [known.limitSource, known.ruleSource, ...Object.values(known.features)].filter((cell): cell is Citation & { conflicting?: readonly Citation[] } => cell !== undefined).flatMap((cell) => [cell, ...(cell.conflicting ?? [])]));
}

describe("the Vertex profile (scripts/derive-vertex-profile.mjs)", () => {
  test("has Gemini's modes and responseFormat, which the Gemini API does not", () => {
    expect(vertex.modes.map((known) => known.mode)).toEqual([...google.modes.map((known) => known.mode), "generate.responseFormat"]);
    expect(google.modes.some((known) => known.mode === "generate.responseFormat")).toBe(false);
    expect(mode(vertex, "generate.responseFormat").request.schemaAt).toBe("/generationConfig/responseFormat/0/text/schema");
  });

  test("cites no Gemini API-only source: the Developer API's docs and generativelanguage protos are not Vertex's", () => {
    const gemini = citations(vertex).filter((cell) => /ai\.google\.dev|generativelanguage|nanbingxyz|zed-industries/.test(cell.source));
    expect(gemini).toEqual([]);
    expect(citations(vertex).every((cell) => cell.date === "2026-12-02")).toBe(true);
  });

  test.each(["generate.responseSchema", "generate.functionDeclarations.parameters", "generate.functionDeclarations.parameters.any"])(
    "%s: additionalProperties is a field of Vertex's Schema (enforced), an unknown name on the Gemini API (rejected)",
    (id) => {
      for (const feature of ["additionalProperties:false", "additionalProperties:true", "additionalProperties:schema"] as const) {
        expect(mode(vertex, id).features[feature]?.status).toBe("enforced");
        expect(mode(google, id).features[feature]?.status).toBe("rejected");
      }
    },
  );

  test("the Gemini API's empty-OBJECT refusal is not carried over; everything else matches Gemini's verdicts", () => {
    for (const known of google.modes) {
      const derived = mode(vertex, known.mode);
      expect(derived.rules.objectsNeedProperties ?? false).toBe(false);
      for (const [feature, cell] of Object.entries(known.features)) {
        if (feature.startsWith("additionalProperties:") && known.translator === "google-openapi") continue;
        expect([feature, derived.features[feature as keyof typeof derived.features]?.status]).toEqual([feature, cell.status]);
      }
    }
  });
});
