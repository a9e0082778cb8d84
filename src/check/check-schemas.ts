// `check`: each declared schema against each target (provider:mode). Translation gives the native
// schema and its changes; the mode's profile (documented, or a measured matrix) says what the provider
// ignores or refuses in it; documented limits are counted per schema or per request (for tool modes a
// request carries a whole catalog); the verdict, the app's obligations and the fallback rung follow.
// MCP output schemas (role tool-result) are never paired with a target: they are checked apart.
import { resolveTarget, UnknownTargetError, type ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { SharedTranslations } from "../../providers/translation/shared-translations.js";
import type { Translation } from "../../providers/translation/translation-types.js";
import type { CatalogReadOptions, DeclaredSchema } from "../schema/types.js";
import type { CheckResult, CheckSection, CheckVerdict } from "./types.js";
import type { IgnoredEntry, RejectedEntry } from "./classify-native-features.js";
import { checkToolResult } from "./check-tool-result.js";
import { FindingCompactor } from "./compact-findings.js";
import { NoteBook } from "./note-book.js";
import { obligationsOf } from "./obligations.js";
import { TargetAnswers } from "./target-answers.js";
import { SharedClassifications } from "./shared-classifications.js";
import { checkLimits } from "./check-limits.js";
import { measureForLimits, NO_MEASURES, sumMeasures, type LimitMeasures } from "./measure-request.js";
import { recommendFallback } from "./recommend-fallback.js";
import { guaranteedBoundFindings } from "./guaranteed-bound-findings.js";
import { pairCellFindings } from "./pair-cells.js";
import { detectFeatures } from "../schema/detect-features.js";

export interface CheckOptions {
  /** `strip` (default): what an adapter sends after translating; `reject`: the schema sent as declared. */
  readonly unsupported?: "strip" | "reject";
  readonly source?: CheckSection["source"];
  /** Profiles that a mode's fallbackTarget resolves in; without them no alternative is looked up. */
  readonly profiles?: readonly ProviderProfile[];
  /** Pair schemas only with targets of their role (tool input / structured output). Default true. */
  readonly matchRoles?: boolean;
  /** How catalog files are read (`--dialect`), for the callers that read them. */
  readonly read?: CatalogReadOptions;
  /** Where the section's notes are kept: pass one book to share notes across calls (one per file). */
  readonly notes?: NoteBook;
  /** Called with each judged pair: the translation sent and the result (for `check --emit`). */
  readonly judged?: (declared: DeclaredSchema, target: ResolvedTarget, translation: Translation, result: CheckResult) => void;
}

interface Evaluation {
  readonly declared: DeclaredSchema;
  readonly schemaIndex: number;
  readonly translation: Translation;
  readonly ignored: IgnoredEntry[];
  readonly rejected: RejectedEntry[];
  readonly measures: LimitMeasures;
}

/** Work the targets of one run share: translations, and the findings about them. */
interface Sharing {
  readonly compact: FindingCompactor;
  readonly translations: SharedTranslations;
  readonly findings: SharedClassifications;
  readonly measures: WeakMap<object, LimitMeasures>;
}

/** Per-schema verdicts (before request limits) by schema index and target, for fallback lookups. */
type SchemaVerdicts = Map<string, { readonly mode: ResolvedTarget["mode"]; readonly verdict: CheckVerdict }>;

const verdictKey = (schemaIndex: number, target: string): string => `${schemaIndex}\u0000${target}`;

export function checkSchemas(schemas: readonly DeclaredSchema[], targets: readonly ResolvedTarget[], options: CheckOptions = {}): CheckSection {
  const notes = options.notes ?? new NoteBook();
  const rows: { schemaIndex: number; targetIndex: number; result: CheckResult }[] = [];
  const schemaVerdicts: SchemaVerdicts = new Map();
  // Targets that read a schema alike (e.g. the six OpenAI-compatible tool modes) share its translation.
  const shared: Sharing = { compact: new FindingCompactor(notes), translations: new SharedTranslations(), findings: new SharedClassifications(), measures: new WeakMap() };
  const sent = schemas.filter((declared) => declared.role !== "tool-result");
  // Every target first, so a fallback target's verdict is looked up instead of translated again.
  const evaluated = targets.map((target) => {
    const evaluations = sent
      .map((declared, schemaIndex) => ({ declared, schemaIndex }))
      .filter(({ declared }) => options.matchRoles === false || declared.role === target.mode.role)
      .map(({ declared, schemaIndex }) => evaluate(declared, schemaIndex, target, options, shared));
    for (const evaluation of evaluations) schemaVerdicts.set(verdictKey(evaluation.schemaIndex, target.target), { mode: target.mode, verdict: verdictOf(evaluation) });
    return evaluations;
  });
  targets.forEach((target, targetIndex) => {
    const evaluations = evaluated[targetIndex]!;
    addRequestLimits(evaluations, target);
    for (const evaluation of evaluations) {
      const result = toResult(evaluation, target, options, schemaVerdicts, shared);
      options.judged?.(evaluation.declared, target, evaluation.translation, result);
      rows.push({ schemaIndex: evaluation.schemaIndex, targetIndex, result });
    }
  });
  rows.sort((a, b) => a.schemaIndex - b.schemaIndex || a.targetIndex - b.targetIndex);
  const results = rows.map((row) => row.result);
  const answers = new TargetAnswers(notes, targets.map((target) => target.target));
  for (const result of results) answers.add(result);
  const toolResults = schemas.filter((declared) => declared.role === "tool-result").map((declared) => checkToolResult(declared, notes));
  const section = { kind: "check", source: options.source ?? "documented", targets: answers.list(), results, toolResults, badFiles: [] } as const;
  // Read when asked for: a streamed check shares one book across thousands of files and never asks.
  return Object.defineProperty(section, "notes", { get: () => notes.all(), enumerable: true }) as unknown as CheckSection;
}

function evaluate(declared: DeclaredSchema, schemaIndex: number, target: ResolvedTarget, options: CheckOptions, shared: Sharing): Evaluation {
  const translation = shared.translations.translate(declared, target.mode, { unsupported: options.unsupported ?? "strip" });
  const findings = shared.findings.classify(translation, target.mode, declared.name, declared.schema);
  // The findings may be shared with other targets: this evaluation adds limits to its own copy.
  const pairs = pairCellFindings(target.mode.pairs === undefined || translation.native === null ? [] : detectFeatures(translation.native), target.mode);
  const beyond = translation.native === null ? [] : guaranteedBoundFindings(translation.native, target.mode);
  const extra = [...pairs.ignored, ...beyond];
  const ignored = extra.length === 0 ? findings.ignored : [...findings.ignored, ...extra];
  const rejected = [...findings.rejected, ...pairs.rejected];
  const measures = needsMeasures(target.mode) ? measureNative(translation.native, shared) : { ...NO_MEASURES, schemas: 1 };
  rejected.push(...checkLimits(measures, target.mode, { kind: "schema", describe: "this schema", name: declared.name }));
  return { declared, schemaIndex, translation, ignored, rejected, measures };
}

/** A native schema is not edited once translated: targets sharing a translation measure it once. */
function measureNative(native: Translation["native"], shared: Sharing): LimitMeasures {
  if (native === null || typeof native !== "object") return measureForLimits(native);
  let measures = shared.measures.get(native);
  if (measures === undefined) shared.measures.set(native, (measures = measureForLimits(native)));
  return measures;
}

/** Limits on tool counts need no measuring; most modes document no size limit, and then a schema is not measured. */
function needsMeasures(mode: ResolvedTarget["mode"]): boolean {
  return Object.keys(mode.limits).some((limit) => limit !== "maxTools" && limit !== "maxStrictTools");
}

/** Tool modes send a catalog's tools in one request; a structured answer is one schema per request. */
function addRequestLimits(evaluations: readonly Evaluation[], target: ResolvedTarget): void {
  const requests = new Map<string, Evaluation[]>();
  for (const evaluation of evaluations) {
    const key = target.mode.role === "tool-input" ? evaluation.declared.source.file : evaluation.declared.id;
    const members = requests.get(key);
    if (members) members.push(evaluation);
    else requests.set(key, [evaluation]);
  }
  for (const [key, members] of requests) {
    const measures = sumMeasures(members.map((member) => member.measures));
    const describe = members.length > 1 || target.mode.role === "tool-input" ? `the ${members.length} tool(s) of ${key} sent in one request` : "one request";
    for (const member of members) {
      member.rejected.push(...checkLimits(measures, target.mode, { kind: "request", describe, name: member.declared.name }));
    }
  }
}

function verdictOf(evaluation: Pick<Evaluation, "rejected" | "ignored" | "translation">): CheckVerdict {
  if (evaluation.rejected.length > 0) return "rejected";
  if (evaluation.ignored.length > 0) return "needs-local-validation";
  if (evaluation.translation.changes.length > 0) return "translated";
  return "native";
}

function toResult(evaluation: Evaluation, target: ResolvedTarget, options: CheckOptions, known: SchemaVerdicts, shared: Sharing): CheckResult {
  const verdict = verdictOf(evaluation);
  const { compact } = shared;
  const obligations = obligationsOf(evaluation.declared, evaluation.translation, target.mode, evaluation.ignored, compact.notes);
  const fallback = recommendFallback({
    verdict,
    risk: evaluation.declared.risk,
    mode: target.mode,
    changeCount: evaluation.translation.changes.length,
    ignored: evaluation.ignored,
    rejected: evaluation.rejected,
    obligations: obligations.map((obligation) => obligation.kind),
    alternative: verdict === "rejected" ? alternativeVerdict(evaluation, target, options, known, shared) : undefined,
  });
  return {
    schemaId: evaluation.declared.id,
    target: target.target,
    verdict,
    changes: compact.changes(evaluation.translation.changes),
    obligations,
    ignored: compact.ignored(evaluation.ignored),
    rejected: compact.rejected(evaluation.rejected),
    fallback: { rung: fallback.rung, reason: compact.notes.id(fallback.reason) },
  };
}

/** The fallback target's verdict for the same schema (per-schema checks only: one step, no request limits). */
function alternativeVerdict(evaluation: Evaluation, target: ResolvedTarget, options: CheckOptions, known: SchemaVerdicts, shared: Sharing): { target: string; verdict: CheckVerdict } | undefined {
  const fallbackTarget = target.mode.fallbackTarget;
  if (!fallbackTarget || !options.profiles) return undefined;
  try {
    const alternative = resolveTarget(fallbackTarget, options.profiles);
    // Already checked in this run against the very same mode: its per-schema verdict is the answer.
    const seen = known.get(verdictKey(evaluation.schemaIndex, fallbackTarget));
    if (seen !== undefined && seen.mode === alternative.mode) return { target: fallbackTarget, verdict: seen.verdict };
    return { target: fallbackTarget, verdict: verdictOf(evaluate(evaluation.declared, -1, alternative, options, shared)) };
  } catch (error) {
    if (error instanceof UnknownTargetError) return undefined;
    throw error;
  }
}
