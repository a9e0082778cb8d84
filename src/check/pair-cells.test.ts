// check reads measured pair cells: a string holding minLength and pattern, on a mode whose matrix says
// minLength is lost beside pattern, leaves minLength to local validation though its own cell is enforced.
import { describe, expect, it } from "vitest";
import { loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { checkSchemas } from "./check-schemas.js";
import { closedObject, declare } from "./test-support/check-one.js";

const TARGET = "openai-compatible/vllm:chat.response_format";
const vllm = loadProfiles().find((profile) => profile.provider === "openai-compatible/vllm")!;
const cell = (status: "ignored" | "rejected" | "enforced", note: string) => ({ status, source: "schemalab-probe:test", date: "2026-12-01", note });
function withPairs(pairs: Record<string, ReturnType<typeof cell>>): ProviderProfile {
  return { ...vllm, modes: vllm.modes.map((mode) => (mode.mode === "chat.response_format" ? { ...mode, pairs } : mode)) };
}
const code = declare(closedObject({ code: { type: "string", minLength: 3, pattern: "^[a-z]+$" }, name: { type: "string", minLength: 3 } }), { role: "structured-output" });

function check(profile: ProviderProfile) {
  return checkSchemas([code], [resolveTarget(TARGET, [profile])], { matchRoles: false }).results[0]!;
}

describe("check with measured pair cells", () => {
  it("judges a value holding both keywords by the pair cell", () => {
    expect(check(vllm).verdict).toBe("native");
    const result = check(withPairs({ "minLength+pattern": cell("ignored", "lost: minLength; minLength is lost beside pattern") }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored).toEqual([{ feature: "minLength", path: "/properties/code", note: "lost beside pattern (measured pair cell minLength+pattern)" }]);
  });
  it("leaves values holding one keyword of the pair to their single cells", () => {
    const result = check(withPairs({ "minLength+pattern": cell("ignored", "lost: minLength;") }));
    expect(result.ignored.map((entry) => entry.path)).not.toContain("/properties/name");
  });
  it("refuses where the pair cell is rejected, and reads an enforced pair as nothing new", () => {
    expect(check(withPairs({ "minLength+pattern": cell("rejected", "refused") })).verdict).toBe("rejected");
    expect(check(withPairs({ "minLength+pattern": cell("enforced", "both held") })).verdict).toBe("native");
  });
});
