// The compact check JSON loses nothing: expanding it gives back every result, in order, and it is the
// same bytes whether the files were checked in worker threads or in the main thread.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import { fromRoot } from "../package-root.js";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import { findSchemaViolation } from "../report/validate-results.js";
import { parseResultsText } from "../report/read-results.js";
import { checkSchemas } from "./check-schemas.js";
import { compactCheckSection, FindingTable, SchemaEntryBuilder } from "./compact-encode.js";
import { expandCheckSection, resolvePaths } from "./compact-expand.js";
import { templateOf } from "./compact-templates.js";
import { noteId } from "./note-book.js";
import type { CheckResult, CheckSection } from "./types.js";

describe("compact check JSON", () => {
  it("expands to the very section it was made from, and matches results.schema.json", async () => {
    const profiles = loadProfiles();
    const section = checkSchemas(await loadCatalogs([fromRoot("suites", "catalogs")]), listTargets(profiles).map((name) => resolveTarget(name, profiles)), { profiles });
    const compact = JSON.parse(JSON.stringify(compactCheckSection(section)));
    expect(findSchemaViolation(compact, "section")).toBeUndefined();
    expect(expandCheckSection(compact)).toEqual(JSON.parse(JSON.stringify(section)));
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(section).length / 3);
  });

  it("keeps any results' paths, counts and order (property)", () => {
    const token = fc.constantFrom("properties", "a", "b", "items", "0", "$defs", "x~1y");
    const pointer = fc.array(token, { maxLength: 5 }).map((tokens) => tokens.map((each) => `/${each}`).join(""));
    const result = fc.record({
      schemaId: fc.constantFrom("c/a", "c/b"),
      verdict: fc.constantFrom("native", "translated", "needs-local-validation", "rejected"),
      paths: fc.array(pointer, { minLength: 1, maxLength: 6 }),
      extra: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(result, { maxLength: 10 }), fc.array(fc.constantFrom("p:one", "p:two", "q:three"), { maxLength: 10 }), (drafts, targets) => {
        const results: CheckResult[] = drafts.map((draft, index) => ({
          schemaId: draft.schemaId,
          target: targets[index] ?? "p:one",
          verdict: draft.verdict,
          changes: [{ feature: "format", keyword: "format", kind: "removed", lossy: true, reason: "n000000000001", count: draft.paths.length + draft.extra, paths: draft.paths }],
          obligations: [{ kind: "validate-locally", paths: [""], note: "n000000000002" }],
          ignored: [{ feature: "format", note: "n000000000003", count: draft.paths.length, paths: draft.paths }],
          rejected: draft.paths.map((path) => ({ feature: "pattern", path, error: "n000000000004" })),
          fallback: { rung: "validate-and-retry", reason: "n000000000005" },
        }));
        const section = { kind: "check" as const, source: "documented" as const, targets: [], results, toolResults: [], badFiles: [], notes: {} };
        expect(expandCheckSection(compactCheckSection(section))).toEqual(section);
      }),
    );
  });

  it("states each path once, after its parent", () => {
    const findings = new FindingTable();
    const builder = new SchemaEntryBuilder(["p:one"], findings);
    const paths = ["/properties/a/items", "/properties/a", "/properties/b"];
    builder.add({ schemaId: "c/a", target: "p:one", verdict: "needs-local-validation", changes: [], obligations: [], ignored: [{ feature: "format", note: "n000000000003", count: 3, paths }], rejected: [], fallback: { rung: "validate-and-retry", reason: "n000000000005" } });
    const entry = builder.finish()!;
    expect(entry.paths).toEqual(["/properties", [0, "/a"], [1, "/items"], [0, "/b"]]);
    expect(resolvePaths(entry.paths)).toEqual(["/properties", "/properties/a", "/properties/a/items", "/properties/b"]);
  });

  it("writes the same bytes from worker threads as from the main thread, and report reads it", async () => {
    const run = async (workers: string) => {
      const io = memoryIo();
      await main(["check", "--target", "openai:chat.tools.strict", "--target", "google:generate.responseSchema", "--format", "json", "--workers", workers], io);
      return io.stdout;
    };
    const inThread = await run("0");
    expect(await run("2")).toBe(inThread);
    const read = parseResultsText(inThread, "check.json").document.sections[0]!;
    expect(read.kind === "check" && read.results.length).toBe(expandCheckSection(JSON.parse(inThread)).results.length);
  });

  it("states a per-place provider error once as a template, and the reader remakes every note", () => {
    const error = (name: string, context: string) => `Invalid schema for function '${name}': In context=${context}, object schema missing properties.`;
    const gemini = (path: string) => `Invalid JSON payload received. Unknown name "$ref" at '${path}': Cannot find field.`;
    const places = [
      ["c/alpha", "/properties/a", "('properties', 'a')"],
      ["c/alpha", "/properties/a/items", "('properties', 'a', 'items')"],
      ["c/beta", "/$defs/x~1y", "('$defs', 'x/y')"],
      ["c/beta", "", "()"],
    ] as const;
    const notes: Record<string, string> = {};
    const note = (text: string): string => ((notes[noteId(text)] = text), noteId(text));
    const kept = note("the root must be an object schema");
    const results: CheckResult[] = ["c/alpha", "c/beta"].flatMap((schemaId) =>
      ["openai:chat.tools.strict", "google:generate.functionDeclarations.parameters"].map((target) => ({
        schemaId,
        target,
        verdict: "rejected" as const,
        changes: [],
        obligations: [],
        ignored: [],
        rejected: [
          ...places.filter((place) => place[0] === schemaId).map(([, path, context]) => ({ feature: "additionalProperties:true", path, error: note(target.startsWith("openai") ? error(schemaId.slice(2), context) : gemini(path)) })),
          { feature: "root:non-object", path: "", error: kept },
        ],
        fallback: { rung: "human-review" as const, reason: kept },
      })),
    );
    const section: CheckSection = { kind: "check", source: "documented", targets: [{ target: "openai:chat.tools.strict", counts: { native: 0, translated: 0, "needs-local-validation": 0, rejected: 2 }, blockers: [{ schemaId: "c/beta", reason: kept }], obligations: [{ kind: "validate-locally", note: kept, schemaIds: ["c/alpha", "c/beta"] }] }], results, toolResults: [], badFiles: [], notes };
    const compact = JSON.parse(JSON.stringify(compactCheckSection(section)));
    expect(findSchemaViolation(compact, "section")).toBeUndefined();
    // One template per provider error, whatever the place and tool; written notes are those no template
    // stands for (Gemini's error at the root names no place: it stays literal).
    expect(compact.findings.filter((each: { template?: string }) => each.template !== undefined).map((each: { template: string }) => each.template)).toEqual([error("{name}", "{context}"), gemini("{path}")]);
    expect(Object.keys(compact.notes).sort()).toEqual([kept, noteId(gemini(""))].sort());
    expect(compact.targets[0].blockers).toEqual([{ schema: 1, reason: kept }]);
    expect(compact.targets[0].obligations[0].schemas).toEqual([0, 1]);
    expect(expandCheckSection(compact)).toEqual(section);
    // A text that already holds a placeholder is kept literal.
    expect(templateOf("at '/a' see {path}", "/a", "c/alpha")).toBeUndefined();
  });

  it("names the place of a broken reference", () => {
    const broken = { kind: "check", source: "documented", shape: "by-schema", targetNames: ["p:one"], schemas: [{ id: "c/a", paths: [[3, "/a"]], answers: [{ verdict: "native", fallback: 0 }], at: [0] }], findings: [{ of: "fallback", rung: "no-action", reason: "n000000000005" }], targets: [], toolResults: [], badFiles: [], notes: {} };
    expect(() => parseResultsText(JSON.stringify(broken), "check.json")).toThrow(/check\.json: \/schemas\/0\/paths\/0: refers to path 3/);
  });
});
