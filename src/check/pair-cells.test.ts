// check reads measured pair cells: a string holding minLength and pattern, on a mode whose matrix says
// minLength is lost beside pattern, leaves minLength to local validation though its own cell is enforced.
import { describe, expect, it } from "vitest";
import { loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { checkSchemas } from "./check-schemas.js";
import { closedObject, declare } from "./test-support/check-one.js";

const TARGET = "openai-compatible/vllm:chat.response_format";
// The documented vLLM profile now refuses lengths beside a pattern outright (xgrammar's own rule); these
// tests are about what a measured pair cell does, so the rule is switched off in the profile they start from.
const documentedVllm = loadProfiles().find((profile) => profile.provider === "openai-compatible/vllm")!;
const vllm: ProviderProfile = {
  ...documentedVllm,
  modes: documentedVllm.modes.map((mode) => (mode.mode === "chat.response_format" ? { ...mode, rules: { ...mode.rules, lengthBesidePatternOrFormatRejected: false } } : mode)),
};
const cell = (status: "ignored" | "rejected" | "enforced", note: string) => ({ status, source: "schemalab-probe:test", quote: "measured", date: "2026-12-01", evidence: "observed" as const, note });
function withPairs(pairs: Record<string, ReturnType<typeof cell>>): ProviderProfile {
  return { ...vllm, modes: vllm.modes.map((mode) => (mode.mode === "chat.response_format" ? { ...mode, pairs } : mode)) };
}
const code = declare(closedObject({ code: { type: "string", minLength: 3, pattern: "^[a-z]+$" }, name: { type: "string", minLength: 3 } }), { role: "structured-output" });

function checkSection(profile: ProviderProfile) {
  return checkSchemas([code], [resolveTarget(TARGET, [profile])], { matchRoles: false });
}
function check(profile: ProviderProfile) {
  return checkSection(profile).results[0]!;
}

describe("check with measured pair cells", () => {
  it("judges a value holding both keywords by the pair cell", () => {
    expect(check(vllm).verdict).toBe("native");
    const section = checkSection(withPairs({ "minLength+pattern": cell("ignored", "lost: minLength; minLength is lost beside pattern") }));
    const result = section.results[0]!;
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored).toEqual([expect.objectContaining({ feature: "minLength", paths: ["/properties/code"] })]);
    expect(section.notes[result.ignored[0]!.note]).toBe("lost beside pattern (measured pair cell minLength+pattern)");
  });
  it("leaves values holding one keyword of the pair to their single cells", () => {
    const result = check(withPairs({ "minLength+pattern": cell("ignored", "lost: minLength;") }));
    expect(result.ignored.flatMap((entry) => entry.paths)).not.toContain("/properties/name");
  });
  it("refuses where the pair cell is rejected, and reads an enforced pair as nothing new", () => {
    expect(check(withPairs({ "minLength+pattern": cell("rejected", "refused") })).verdict).toBe("rejected");
    expect(check(withPairs({ "minLength+pattern": cell("enforced", "both held") })).verdict).toBe("native");
  });
});
