// probe --catalog on the real-producer catalogs (zod, zod-to-json-schema, TypeBox, Gemini OpenAPI
// declarations): against the XGrammar-backed server and every provider's emulator, each tool gets a
// verdict (or "not probed: budget"), and every difference from check is a named sentence that the
// results bear out. On the emulators, which follow the profiles check reads, the site readings agree
// with check wherever both speak; on XGrammar the tools whose strings hold a length under a pattern
// read lengths lost, which check (single cells) does not predict.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProfiles } from "../../../providers/profiles/load-profiles.js";
import { startXGrammarServer, type EngineServerHandle } from "../../../providers/openai-compatible/xgrammar-engine-server.js";
import type { ProviderId } from "../../../providers/wire/wire-types.js";
import { writeRealProducerCatalogs, type RealCatalogs } from "../../diff/test-support/real-producer-catalogs.js";
import type { ProbeCatalogResult } from "../../report/model.js";
import { loadCatalogs } from "../../schema/load-catalog.js";
import type { DeclaredSchema } from "../../schema/types.js";
import { probeEmulator } from "../probe-emulator.js";
import { runProbe } from "../run-probe.js";
import { splitBudget } from "./probe-catalog.js";
import { combine, toolSites } from "./catalog-sites.js";
import { resolveTarget } from "../../../providers/profiles/load-profiles.js";
import { SharedTranslations } from "../../../providers/translation/shared-translations.js";
import { toDraft2020 } from "../../schema/dialects/to-draft2020.js";

let catalogs: RealCatalogs;
let declared: DeclaredSchema[];

beforeAll(async () => {
  catalogs = await writeRealProducerCatalogs(0);
  declared = await loadCatalogs([catalogs.dir]);
});
afterAll(async () => catalogs && rm(catalogs.dir, { recursive: true, force: true }));

function expectWellFormed(results: readonly ProbeCatalogResult[]): void {
  expect(results.length).toBeGreaterThan(0);
  for (const result of results) {
    expect(result.measured).toMatch(/^(native|translated|needs-local-validation|rejected|not probed: budget|undetermined.*)$/);
    const named = result.differences.join("\n");
    if (result.measured !== result.predicted && !/^(not probed|undetermined)/.test(result.measured)) expect(named).toContain(`check predicts ${result.predicted}, measured ${result.measured}`);
    // A refused tool is one difference (its sites all read rejected for that one reason).
    if (result.measured === "rejected") continue;
    for (const site of result.sites) {
      if (site.status !== "not-probed" && site.status !== "error" && site.status !== site.predicted) expect(named).toContain(`${site.feature} at ${site.path || "/"}`);
    }
  }
}

describe("probe --catalog against the XGrammar server", () => {
  let server: EngineServerHandle;
  let results: readonly ProbeCatalogResult[];
  beforeAll(async () => {
    server = await startXGrammarServer();
    const profile = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;
    const section = await runProbe({ provider: "openai-compatible", model: "xgrammar-bytes", baseUrl: server.baseUrl, profile, modes: ["chat.tools"], catalog: declared, maxRequests: 400, concurrency: 2 });
    results = section.catalog!;
  }, 120_000);
  afterAll(async () => server?.close());

  it("gives every tool a verdict and names every difference from check", () => {
    if (process.env.SCHEMALAB_AGREEMENT_TABLE) console.log(results.map((result) => `${result.schemaId} ${result.predicted} ${result.measured} ${result.requests}\n  ${result.sites.map((site) => `${site.feature}@${site.path}:${site.predicted}/${site.status}`).join(" ")}\n  ${result.differences.join("\n  ")}`).join("\n"));
    expectWellFormed(results);
    expect(results.every((result) => !result.measured.startsWith("not probed"))).toBe(true);
  });

  it("reads each site as the engine's own matcher does", async () => {
    const profile = loadProfiles().find((known) => known.provider === "openai-compatible/vllm")!;
    const target = resolveTarget("openai-compatible/vllm:chat.tools", [profile]);
    const translations = new SharedTranslations();
    const wrong: string[] = [];
    let read = 0;
    for (const result of results) {
      const tool = declared.find((schema) => schema.id === result.schemaId)!;
      const sites = toolSites(toDraft2020(tool.schema, tool.dialect).schema, 1);
      const compiled = await server.engine.compile(translations.translate(tool, target.mode, { unsupported: "strip" }).native);
      if (!compiled.ok) {
        if (result.measured !== "rejected") wrong.push(`${tool.id}: the engine refuses the schema, measured ${result.measured}`);
        continue;
      }
      // The matcher speaks for a site only where it takes the base value itself (its email grammar, say,
      // may refuse the base's address: then every broken copy is refused for that, not for the site).
      if (!(await server.engine.accepts(compiled.grammar, JSON.stringify(sites.base)))) continue;
      for (const site of result.sites) {
        if (site.status !== "enforced" && site.status !== "ignored" && site.status !== "altered") continue;
        const broken = sites.sites.find((candidate) => candidate.feature === site.feature && candidate.path === site.path)!;
        const takes = await server.engine.accepts(compiled.grammar, JSON.stringify(combine(sites.base, [broken])));
        read += 1;
        const agrees = takes ? site.status === "ignored" : site.status === "enforced" || site.status === "altered";
        if (!agrees) wrong.push(`${tool.id} ${site.feature} at ${site.path}: measured ${site.status}, the matcher ${takes ? "takes" : "refuses"} the broken value (${String((site.evidence as { summary?: string }).summary).slice(0, 200)})`);
      }
    }
    expect(read).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it("words every difference as tool, target, place and the two readings", () => {
    for (const line of results.flatMap((result) => result.differences)) expect(line).toMatch(/^\S+ on openai-compatible\/vllm:chat\.tools: (\S+ at \S+: )?check predicts [\w-]+, measured [\w-]+ — \S.+$/);
  });
});

describe.each(["openai", "anthropic", "google", "openai-compatible"] as ProviderId[])("probe --catalog against the %s emulator", (provider) => {
  let results: readonly ProbeCatalogResult[];
  beforeAll(async () => {
    const section = await probeEmulator(provider, { catalog: declared, maxRequests: 300, concurrency: 8 });
    results = section.catalog!;
  }, 120_000);

  it("gives every tool × target a verdict or 'not probed: budget', differences named", () => {
    expectWellFormed(results);
  });
});

describe("the budget split", () => {
  it("gives every tool its share, the remainder to the first, and no more than the budget", () => {
    expect(splitBudget(10, 4)).toEqual([3, 3, 2, 2]);
    expect(splitBudget(2, 4)).toEqual([1, 1, 0, 0]);
    expect(splitBudget(0, 0)).toEqual([]);
  });

  it("marks the tools left without a request 'not probed: budget'", async () => {
    const section = await probeEmulator("openai", { catalog: declared, modes: ["chat.tools.strict"], maxRequests: 3 });
    const measured = section.catalog!.map((result) => result.measured);
    expect(measured.filter((verdict) => verdict === "not probed: budget").length).toBe(measured.length - 3);
    expect(section.settings.requestsSent).toBeLessThanOrEqual(3);
  });
});
