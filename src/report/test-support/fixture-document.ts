// A rich results document for tests: every section kind, emulated and live probes, drift with
// regressions, and hostile text in user data. Other tests reuse it (renderers, CLI, run wiring).
import type { DriftItem, ResultsDocument, RunHeader } from "../model.js";
import { RESULTS_VERSION } from "../model.js";
import {
  fixtureCatalogSection,
  fixtureCheckSection,
  fixtureCompatSection,
  fixtureConformanceSection,
  fixtureDispatchSection,
  fixtureFuzzSection,
  fixtureProbeSection,
} from "./fixture-sections.js";

export * from "./fixture-sections.js";

export function fixtureHeader(overrides: Partial<RunHeader> = {}): RunHeader {
  return {
    kind: "header",
    schemalab: "0.1.0",
    resultsVersion: RESULTS_VERSION,
    startedAt: "2025-01-02T03:04:05.000Z",
    argv: ["run", "--seed", "42"],
    node: "v20.20.2",
    platform: "linux-x64",
    seed: 42,
    ...overrides,
  };
}

export const FIXTURE_DRIFT: readonly DriftItem[] = [
  { kind: "finding-new", regression: true, key: "lite/f-multipleof-lax", after: "candidate-wrong", detail: "new finding on crm.create_contact (multipleOf, too-lax)" },
  { kind: "matrix-changed", regression: true, key: "openai gpt-4o-2024-08-06 (emulated) chat.tools.strict pattern", before: "enforced", after: "ignored", detail: "pattern moved away from enforced" },
  { kind: "finding-fixed", regression: false, key: "lite/f-old-format", before: "candidate-wrong", detail: "fixed: format:date too-lax </script>" },
  { kind: "verdict-changed", regression: false, key: "documented search.query anthropic:tools", before: "rejected", after: "translated", detail: "check verdict improved" },
];

export interface FixtureDocumentOptions {
  /** False: the run was cut short (no footer in the file). */
  readonly complete?: boolean;
  /** Include drift against a baseline. */
  readonly drift?: boolean;
}

export function buildFixtureDocument(options: FixtureDocumentOptions = {}): ResultsDocument {
  return {
    header: fixtureHeader(),
    sections: [
      fixtureCatalogSection(),
      fixtureFuzzSection(),
      fixtureConformanceSection(),
      fixtureProbeSection({ provider: "openai", model: "gpt-4o-2024-08-06", modes: ["chat.tools.strict", "chat.response_format"] }),
      fixtureProbeSection({ provider: "anthropic", model: "claude-sonnet-4", modes: ["tools"], seed: 2 }),
      fixtureProbeSection({ provider: "google", model: "gemini-2.0-flash", modes: ["response_schema"], seed: 3 }),
      fixtureProbeSection({
        provider: "openai-compatible",
        model: "llama-3.1-8b-instruct",
        modes: ["json_schema"],
        emulated: false,
        baseUrl: "http://127.0.0.1:8080/v1",
        features: ["type:string", "required", "enum", "pattern", "format:email", "x-vendor:grammar"],
        seed: 5,
      }),
      fixtureCheckSection(),
      fixtureDispatchSection(),
      fixtureCompatSection(),
    ],
    ...(options.drift === false ? {} : { drift: { baseline: "reports/baseline.json", items: FIXTURE_DRIFT } }),
    footer: { kind: "footer", finishedAt: "2025-01-02T03:06:00.000Z", complete: options.complete ?? true },
  };
}
