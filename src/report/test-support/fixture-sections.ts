// Section builders for tests: plausible, internally consistent sections of every kind, with hostile
// text (`</script>`, control characters, markup) where user data can carry it.
import { noteId } from "../../check/note-book.js";
import { FEATURE_IDS } from "../../schema/features.js";
import type {
  CatalogSection,
  CheckSection,
  CompatSection,
  ConformanceSection,
  DispatchSection,
  FuzzFinding,
  FuzzSection,
  ProbeSection,
  ProbeStatus,
} from "../model.js";

/** A schema id that breaks any renderer that does not escape. */
export const HOSTILE_SCHEMA_ID = 'evil</script><script>alert("x")</script>&<b>';
export const SCHEMA_IDS = ["crm.create_contact", "weather.get_forecast", "search.query", HOSTILE_SCHEMA_ID] as const;

export function fixtureCatalogSection(): CatalogSection {
  return {
    kind: "catalog",
    schemas: SCHEMA_IDS.map((schemaId, index) => ({
      schemaId,
      file: `suites/catalogs/${index % 2 ? "openai-tools" : "mcp-tools-list"}.json`,
      format: index % 2 ? "openai" : "mcp",
      features: FEATURE_IDS.slice(index * 5, index * 5 + 8),
    })),
  };
}

export function fixtureFinding(overrides: Partial<FuzzFinding> = {}): FuzzFinding {
  return {
    id: "f-multipleof-lax",
    schemaId: "crm.create_contact",
    feature: "multipleOf",
    path: "/properties/amount/multipleOf",
    direction: "too-lax",
    family: "near-miss:number",
    count: 3,
    adjudication: "candidate-wrong",
    explanation: "lite accepts 0.3 for multipleOf 0.1 only after rounding",
    example: { schema: { type: "number", multipleOf: 0.25 }, instance: 0.3 },
    reference: { valid: false },
    candidate: { valid: true },
    replay: "schemalab fuzz --validator lite --schemas suites/catalogs --seed 42 --replay 'crm.create_contact:7:1:0'",
    ...overrides,
  };
}

export function fixtureFuzzSection(overrides: Partial<FuzzSection> = {}): FuzzSection {
  const findings = [
    fixtureFinding(),
    fixtureFinding({
      id: "f-multipleof-decimal",
      schemaId: "weather.get_forecast",
      direction: "too-strict",
      adjudication: "reference-wrong",
      count: 1,
      example: { schema: { type: "number", multipleOf: 0.01 }, instance: 19.99 },
      reference: { valid: false },
      candidate: { valid: true },
      knownDivergence: "ajv-multipleof-float-division",
      explanation: "Ajv divides in floating point: 19.99 / 0.01 is not an integer there",
      replay: "schemalab fuzz --validator lite --schemas suites/catalogs --seed 42 --replay 'weather.get_forecast:2:0'",
    }),
    fixtureFinding({
      id: "f-hostile-crash",
      schemaId: HOSTILE_SCHEMA_ID,
      feature: "pattern",
      path: "/properties/q/pattern",
      direction: "crash",
      adjudication: "undecided",
      count: 2,
      example: { schema: { type: "string", pattern: "</script>" }, instance: "</script><!-- \u0000 \u2028 ]]>" },
      reference: { valid: true },
      candidate: { valid: null, error: "RangeError: <b>boom</b>" },
      explanation: "the candidate threw on a pattern that contains markup: <img src=x onerror=alert(1)> @here",
      replay: "schemalab fuzz --replay 'x' && echo '</script>'",
    }),
  ];
  return {
    kind: "fuzz",
    validator: "lite",
    reference: "ajv@8.20.0 (draft 2020-12, ajv-formats 3.0.1)",
    seed: 42,
    cases: 4000,
    unsupported: [{ schemaId: "recursive.tree", reason: "compile refused: $dynamicRef is not supported" }],
    targets: SCHEMA_IDS.map((schemaId) => ({ schemaId, cases: 1000, findings: findings.filter((f) => f.schemaId === schemaId).length })),
    stats: {
      casesPerSecond: 2000,
      validShare: 0.5,
      durationMs: 2000,
      byFamily: { valid: { cases: 2000, validShare: 1 }, "near-miss:number": { cases: 2000, validShare: 0 } },
    },
    findings,
    disagreements: findings.map((f) => ({
      schemaId: f.schemaId,
      schema: f.example.schema,
      instance: f.example.instance,
      family: f.family,
      path: f.path,
      reference: f.reference,
      candidate: f.candidate,
      replay: f.replay,
    })),
    ...overrides,
  };
}

const KEYWORDS = ["type", "properties", "required", "multipleOf", "pattern", "format", "$ref", "unevaluatedProperties", "anyOf", "enum"];

export function fixtureConformanceSection(): ConformanceSection {
  const byKeyword = Object.fromEntries(
    KEYWORDS.map((keyword, index) => [keyword, { passed: 40 - index, failed: index % 4 === 3 ? 2 : 0, skipped: keyword === "unevaluatedProperties" ? 12 : 0, errored: keyword === "$ref" ? 1 : 0 }]),
  );
  const totals = Object.values(byKeyword).reduce(
    (sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped, errored: sum.errored + t.errored }),
    { passed: 0, failed: 0, skipped: 0, errored: 0 },
  );
  const total = totals.passed + totals.failed + totals.skipped + totals.errored;
  return {
    kind: "conformance",
    validator: "lite",
    suite: { path: "../shared/json-schema-test-suite", commit: "0123456789abcdef" },
    totals,
    compliance: 1 - (totals.failed + totals.errored + totals.skipped) / total,
    byKeyword,
    files: KEYWORDS.map((keyword) => ({ file: `tests/draft2020-12/${keyword}.json`, keyword, ...byKeyword[keyword]! })),
    skips: [{ file: "tests/draft2020-12/unevaluatedProperties.json", group: "unevaluatedProperties with adjacent properties", reason: "lite refuses unevaluatedProperties", tests: 12 }],
    failures: [
      { file: "tests/draft2020-12/multipleOf.json", group: "by number", test: "4.5 is multiple of 1.5", schema: { multipleOf: 1.5 }, data: 4.5, expected: true, got: false },
      { file: "tests/draft2020-12/enum.json", group: "enum with escaped characters", test: 'member 2 is valid "</script>"', schema: { enum: ["foo\nbar", "</script>"] }, data: "</script>", expected: true, got: "TypeError: <oops>" },
    ],
  };
}

const STATUS_CYCLE: readonly ProbeStatus[] = ["enforced", "enforced", "enforced", "ignored", "enforced", "rejected", "enforced", "altered", "enforced", "error", "enforced"];

function probeFeatures(columnSeed: number, featureIds: readonly string[]): ProbeSection["modes"][number]["features"] {
  return Object.fromEntries(
    featureIds.map((feature, index) => {
      const status = STATUS_CYCLE[(index * 7 + columnSeed * 3) % STATUS_CYCLE.length]!;
      const evidence = status === "rejected" ? { error: `Invalid schema for response_format: '${feature}' is not permitted </script>` } : { samples: 3, violating: status === "ignored" ? 2 : 0 };
      return [feature, { status, evidence }];
    }),
  );
}

export interface FixtureProbeOptions {
  readonly provider: string;
  readonly model: string;
  readonly modes: readonly string[];
  readonly emulated?: boolean;
  readonly baseUrl?: string;
  /** Defaults to every taxonomy feature. */
  readonly features?: readonly string[];
  readonly seed?: number;
}

export function fixtureProbeSection(options: FixtureProbeOptions): ProbeSection {
  const features = options.features ?? FEATURE_IDS;
  const modes = options.modes.map((mode, index) => ({ mode, features: probeFeatures((options.seed ?? 0) + index, features) }));
  const firstMode = modes[0];
  const ignored = firstMode ? Object.entries(firstMode.features).find(([, cell]) => cell.status === "ignored") : undefined;
  const enforced = firstMode ? Object.entries(firstMode.features).find(([, cell]) => cell.status === "enforced") : undefined;
  return {
    kind: "probe",
    provider: options.provider,
    model: options.model,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    emulated: options.emulated ?? true,
    measuredAt: "2025-01-02T03:05:00.000Z",
    modes,
    records: [{ request: { url: "/v1/chat/completions" }, response: { status: 200 } }],
    diffFromProfile: firstMode && ignored ? [{ mode: firstMode.mode, feature: ignored[0], documented: "enforced", measured: "ignored" }] : [],
    measuredWhereUnknown: firstMode && enforced ? [{ mode: firstMode.mode, feature: enforced[0], documented: "unknown", measured: "enforced" }] : [],
  };
}

export function fixtureCheckSection(): CheckSection {
  const targets = ["openai:chat.tools.strict", "anthropic:tools", "google:response_schema"];
  const verdicts = ["native", "translated", "needs-local-validation", "rejected"] as const;
  const rungs = ["strict-native", "validate-and-retry", "validate-and-retry", "compatible-fallback-model"] as const;
  const notes: Record<string, string> = {};
  const note = (text: string): string => {
    const id = noteId(text);
    notes[id] = text;
    return id;
  };
  const results = SCHEMA_IDS.flatMap((schemaId, schemaIndex) =>
    targets.map((target, targetIndex) => {
      const which = (schemaIndex + targetIndex) % verdicts.length;
      const verdict = verdicts[which]!;
      return {
        schemaId,
        target,
        verdict,
        changes: verdict === "translated" ? [{ feature: "optional", keyword: "required", kind: "rewritten" as const, lossy: false, reason: note("strict mode needs every property required; made nullable"), count: 1, paths: ["/properties/note"] }] : [],
        obligations: verdict === "translated" ? [{ kind: "drop-nulls-for-optional-fields" as const, paths: ["/properties/note"], note: note("drop those nulls before calling the handler") }] : [],
        ignored: verdict === "needs-local-validation" ? [{ feature: "pattern", note: note("accepted but not enforced"), count: 1, paths: ["/properties/q"] }] : [],
        rejected: verdict === "rejected" ? [{ feature: "if-then-else", path: "/if", error: note("Invalid schema: 'if' is not permitted <here>") }] : [],
        fallback: { rung: rungs[which]!, reason: note(verdict === "native" ? "fits natively" : `${verdict}: see changes`) },
      };
    }),
  );
  const answers = targets.map((target) => {
    const mine = results.filter((result) => result.target === target);
    const counts = { native: 0, translated: 0, "needs-local-validation": 0, rejected: 0 };
    for (const result of mine) counts[result.verdict]++;
    const dropping = mine.filter((result) => result.obligations.length > 0).map((result) => result.schemaId);
    return {
      target,
      counts,
      blockers: mine.filter((result) => result.verdict === "rejected").map((result) => ({ schemaId: result.schemaId, reason: note("refuses if-then-else (conditional subschemas)") })),
      obligations: dropping.length > 0 ? [{ kind: "drop-nulls-for-optional-fields" as const, note: note("drop those nulls before calling the handler"), schemaIds: dropping }] : [],
    };
  });
  return { kind: "check", source: "documented", targets: answers, results, toolResults: [], badFiles: [], notes };
}

export function fixtureDispatchSection(): DispatchSection {
  const cases = ["openai", "anthropic", "google"].flatMap((provider) =>
    ["parses-arguments", "rejects-invalid", "reports-refusal"].map((property) => ({
      provider,
      fixture: `suites/dispatch/${provider}/tool-call.json`,
      property,
      passed: !(provider === "google" && property === "reports-refusal"),
      detail: provider === "google" && property === "reports-refusal" ? "handler ran on a refusal: finishReason SAFETY was not surfaced" : "ok",
    })),
  );
  return { kind: "dispatch", dispatcher: "reference", totals: { passed: cases.filter((c) => c.passed).length, failed: cases.filter((c) => !c.passed).length }, cases };
}

export function fixtureCompatSection(): CompatSection {
  return {
    kind: "compat",
    results: [
      {
        schemaId: "crm.create_contact",
        oldVersion: "1.2.0",
        newVersion: "1.3.0",
        direction: "backward",
        verdict: "breaking",
        versionBumped: false,
        changes: [{ path: "/required", kind: "required-added", rule: "a new required property rejects old callers", migration: "make 'phone' optional or bump the major version", method: "structural" }],
        counterexample: { value: { name: "Ada" }, replay: "schemalab compat old.json new.json --seed 7" },
      },
      { schemaId: "weather.get_forecast", oldVersion: "2.0.0", newVersion: "2.1.0", direction: "backward", verdict: "compatible", versionBumped: true, changes: [], cases: 1240 },
      {
        schemaId: "crm.merge_contacts",
        oldVersion: "1.2.0",
        newVersion: "1.3.0",
        direction: "backward",
        verdict: "undetermined",
        versionBumped: false,
        changes: [{ path: "/properties/ids/uniqueItems", kind: "uniqueItems-added", rule: "old calls with repeated items are rejected", migration: "dedupe in the handler first", method: "structural", status: "unconfirmed" }],
        cases: 0,
        undetermined: ["the search of values valid under the accepting version could not run: no value satisfied not after 101 draws"],
      },
    ],
  };
}
