// The list of places where the reference is known to be wrong or disputed (suites/known-divergences.json).
// Adjudication names an entry when its detection fires; findings it explains do not fail a run.
import { readFile } from "node:fs/promises";
import { fromRoot } from "../package-root.js";
import type { Adjudication } from "../report/model.js";
import { parseCheckedJson } from "../schema/json-text-limits.js";

/** The ways of correcting the reference that src/diff/corrected-reference.ts knows. */
export const CORRECTIONS = [
  "exact-multiple-of",
  "own-properties",
  "dotless-email-domain",
  "dependent-schemas-as-if-then",
  "rename-prototype-keys",
  "strict-date-time-separator",
  "rfc3339-duration",
  "rfc3986-numeric-port",
  // The spec's reading of an older dialect (src/schema toDraft2020) where Ajv's class reads it otherwise.
  "ref-siblings-ignored",
  "nullable-not-a-keyword",
] as const;
export type CorrectionName = (typeof CORRECTIONS)[number];

export type DivergenceVerdict = "reference-wrong" | "disputed" | "robustness";

export interface KnownDivergence {
  readonly id: string;
  /** Which reference it is about ("ajv"); entries for other references are ignored. */
  readonly validator: string;
  readonly feature: string;
  readonly verdict: DivergenceVerdict;
  readonly description: string;
  readonly spec: string;
  readonly detect: {
    /** The reference with this correction applied agrees with the candidate. */
    readonly correction?: CorrectionName;
    /** The reference threw an error whose text contains this. */
    readonly referenceError?: string;
    /** ...and only on a value nested at least this deep (a stack overflow blamed on depth needs depth). */
    readonly minInstanceDepth?: number;
    /** The reference did not answer within the timeout. */
    readonly referenceTimeout?: boolean;
  };
  /** The dialects it happens in (every one when absent). */
  readonly dialects?: readonly string[];
  readonly examples: readonly { readonly schema: unknown; readonly dialect?: string; readonly instance: unknown; readonly reference: boolean; readonly correct: boolean | null }[];
}

export const DEFAULT_KNOWN_DIVERGENCES_FILE = fromRoot("suites", "known-divergences.json");

export class KnownDivergencesError extends Error {
  override readonly name = "KnownDivergencesError";
}

export async function loadKnownDivergences(file: string = DEFAULT_KNOWN_DIVERGENCES_FILE): Promise<KnownDivergence[]> {
  let parsed: unknown;
  try {
    parsed = parseCheckedJson(await readFile(file, "utf8"));
  } catch (error) {
    throw new KnownDivergencesError(`${file}: cannot read the known divergences: ${(error as Error).message}`);
  }
  const list = (parsed as { divergences?: unknown }).divergences;
  if (!Array.isArray(list)) throw new KnownDivergencesError(`${file}: expected { "divergences": [...] }`);
  list.forEach((entry, index) => checkEntry(entry, `${file} at /divergences/${index}`));
  return list as KnownDivergence[];
}

function checkEntry(entry: unknown, place: string): void {
  const candidate = entry as Partial<KnownDivergence>;
  for (const field of ["id", "validator", "feature", "verdict", "description"] as const) {
    if (typeof candidate[field] !== "string") throw new KnownDivergencesError(`${place}: '${field}' must be a string`);
  }
  const correction = candidate.detect?.correction;
  if (correction !== undefined && !(CORRECTIONS as readonly string[]).includes(correction)) {
    throw new KnownDivergencesError(`${place}: unknown correction '${correction}' (known: ${CORRECTIONS.join(", ")})`);
  }
}

/** How a divergence's verdict reads as an adjudication: disputed ones decide nothing. */
export function adjudicationOf(divergence: KnownDivergence): Adjudication {
  return divergence.verdict === "disputed" ? "undecided" : "reference-wrong";
}

/** Entries that apply to this reference ("ajv" covers every spelling of Ajv's name). */
export function divergencesFor(reference: string, all: readonly KnownDivergence[]): KnownDivergence[] {
  const normalized = reference.toLowerCase();
  return all.filter((entry) => normalized === entry.validator || normalized.startsWith(`${entry.validator}@`));
}
