// The one-sentence reason beside each difference between check's prediction and the catalog probe's
// measurement, from the ground of the prediction (predict-site.ts) and what came back: a reader sees at
// once whether the profile lacks a fact, the provider (or emulator) went beyond its profile, or check
// counts on something the answers broke.
import type { ProbeCatalogResult, ProbeSiteResult } from "../../report/model.js";
import type { PredictionGround } from "./predict-site.js";

export interface ReasonContext {
  /** The provider is the lab's emulator (it follows the documented profile, and says how it reads an unknown cell). */
  readonly emulated: boolean;
  /** check's refusal of the tool, as "feature at path: reason", when it refuses it. */
  readonly refusal?: string;
  /** What check does not count on for this tool: its ignored features and lossy changes, with their places. */
  readonly uncounted?: readonly string[];
}

export function siteReason(site: ProbeSiteResult, context: ReasonContext): string {
  const where = `${site.feature} at ${site.path || "/"}`;
  switch (site.predictedFrom as PredictionGround | undefined) {
    case "check-refuses":
      return `check refuses the whole tool (${context.refusal ?? "see check"}), the provider took the schema and answered`;
    case "best-effort":
      return `the mode is best-effort in the profile, so check counts on nothing; this answer ${site.status === "enforced" ? "happened to mend the break" : "is what a best-effort mode may do"}`;
    case "unconfirmed":
      return context.emulated
        ? `the profile leaves ${site.feature} unconfirmed in this mode, so check does not count on it; the emulator reads an unconfirmed cell of a constrained mode as enforced`
        : `the profile leaves ${site.feature} unconfirmed in this mode, so check does not count on it; this reading is the measurement the profile lacks (probe --out, then check --matrix)`;
    case "documented":
      return context.emulated
        ? `the profile documents ${site.feature} as not enforced here; the emulator's repair mended the whole value against the sent schema, beyond its profile`
        : `the profile documents ${site.feature} as not enforced here, and the provider held it in this answer: one answer is no guarantee`;
    case "translation-keeps":
      return `check's translation leaves ${site.feature} partly unenforced, but the sent schema still refuses this very break, so it should be mended`;
    default:
      return site.status === "rejected"
        ? `the provider refused the schema, which check's profile takes`
        : `check counts on ${where} (the profile's cell and the sent schema hold it), and the answer came back ${site.status === "ignored" ? "with the break" : "still breaking it"}`;
  }
}

export function verdictReason(result: Omit<ProbeCatalogResult, "differences">, context: ReasonContext): string {
  if (result.predicted === "rejected") return `check refuses the tool (${context.refusal ?? "see check"}); the provider took the schema check would send`;
  if (result.measured === "rejected") return `the provider refused the schema (${String(result.sites[0]?.evidence && (result.sites[0].evidence as { error?: string }).error).slice(0, 140)}); check's profile has no cell or rule that refuses it`;
  const counted = result.sites.filter((site) => site.status === "ignored" || site.status === "altered");
  if (result.measured === "needs-local-validation") return `${counted.length} site(s) came back broken (${counted.slice(0, 3).map((site) => `${site.feature} at ${site.path || "/"}`).join(", ")}) where check's verdict needs no local validation`;
  const uncounted = context.uncounted ?? [];
  const read = new Set(result.sites.filter((site) => site.status === "enforced").map((site) => site.feature));
  const unread = uncounted.filter((entry) => !read.has(entry.split(" at ")[0]!));
  const tail = unread.length === 0 ? "" : `; not tried by any site here: ${unread.slice(0, 3).join(", ")}${unread.length > 3 ? ` and ${unread.length - 3} more` : ""}, which the answers cannot speak for`;
  return `every site read was held, but check does not count on ${uncounted.slice(0, 3).join(", ") || "some of them"}${uncounted.length > 3 ? ` and ${uncounted.length - 3} more` : ""} (unconfirmed or not enforced in the profile, or loosened by translation)${tail}`;
}
