// The per-target answer: for each target, how many schemas go native, go after translation, need local
// validation, are rejected; which schemas block it and why in one phrase; and the obligations the app
// takes on there. Built result by result (in any thread), merged in target order.
import { featureInfo, isFeatureId } from "../schema/features.js";
import type { NoteBook } from "./note-book.js";
import { OBLIGATION_KINDS, OBLIGATION_NOTES } from "./obligations.js";
import type { CheckResult, CheckTargetAnswer, CheckVerdict, NoteId, ObligationKind } from "./types.js";

const SHOWN = 3;

function featureWords(feature: string): string {
  if (!isFeatureId(feature) || !feature.startsWith("limit:")) return feature;
  return `the limit on ${featureInfo(feature).summary}`;
}

/** Why a rejected result blocks its target, in one phrase: "refuses root:non-object, patternProperties". */
export function blockerPhrase(features: readonly string[]): string {
  const distinct = [...new Set(features)];
  const refused = distinct.filter((feature) => !feature.startsWith("limit:"));
  const limits = distinct.filter((feature) => feature.startsWith("limit:"));
  const parts: string[] = [];
  if (refused.length > 0) parts.push(`refuses ${list(refused.map(featureWords))}`);
  if (limits.length > 0) parts.push(`goes over ${list(limits.map(featureWords))}`);
  return parts.join(" and ");
}

function list(items: readonly string[]): string {
  const more = items.length > SHOWN ? ` and ${items.length - SHOWN} more` : "";
  return `${items.slice(0, SHOWN).join(", ")}${more}`;
}

interface Answer {
  counts: Record<CheckVerdict, number>;
  blockers: { schemaId: string; reason: NoteId }[];
  obligations: Map<ObligationKind, string[]>;
}

const emptyCounts = (): Record<CheckVerdict, number> => ({ native: 0, translated: 0, "needs-local-validation": 0, rejected: 0 });

export class TargetAnswers {
  private readonly answers = new Map<string, Answer>();

  constructor(
    private readonly notes: NoteBook,
    targets: readonly string[] = [],
  ) {
    for (const target of targets) this.answerOf(target);
  }

  private answerOf(target: string): Answer {
    let answer = this.answers.get(target);
    if (answer === undefined) this.answers.set(target, (answer = { counts: emptyCounts(), blockers: [], obligations: new Map() }));
    return answer;
  }

  add(result: CheckResult): void {
    const answer = this.answerOf(result.target);
    answer.counts[result.verdict]++;
    if (result.verdict === "rejected") answer.blockers.push({ schemaId: result.schemaId, reason: this.notes.id(blockerPhrase(result.rejected.map((entry) => entry.feature))) });
    for (const obligation of result.obligations) {
      const ids = answer.obligations.get(obligation.kind);
      if (ids) ids.push(result.schemaId);
      else answer.obligations.set(obligation.kind, [result.schemaId]);
    }
  }

  /** Another thread's answers (for other files), appended: file order is kept by merging in file order. */
  merge(answers: readonly CheckTargetAnswer[]): void {
    for (const other of answers) {
      const answer = this.answerOf(other.target);
      for (const verdict of Object.keys(answer.counts) as CheckVerdict[]) answer.counts[verdict] += other.counts[verdict];
      answer.blockers.push(...other.blockers);
      for (const obligation of other.obligations) {
        const ids = answer.obligations.get(obligation.kind);
        if (ids) ids.push(...obligation.schemaIds);
        else answer.obligations.set(obligation.kind, [...obligation.schemaIds]);
      }
    }
  }

  list(): CheckTargetAnswer[] {
    return [...this.answers].map(([target, answer]) => ({
      target,
      counts: { ...answer.counts },
      blockers: [...answer.blockers],
      obligations: OBLIGATION_KINDS.filter((kind) => answer.obligations.has(kind)).map((kind) => ({ kind, note: this.notes.id(OBLIGATION_NOTES[kind]), schemaIds: [...answer.obligations.get(kind)!] })),
    }));
  }
}
