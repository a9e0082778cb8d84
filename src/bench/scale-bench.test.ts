import { describe, expect, it } from "vitest";
import { formatScaleBenchText } from "./scale-bench-text.js";
import { runScaleBench } from "./run-scale-bench.js";
import { ladderDocument } from "./scale-size-ladder.js";
import { kubernetesDocument } from "./scale-kubernetes-corpus.js";

describe("bench --scale", () => {
  it("says when GitHub's description is absent and builds the generated parts alone", async () => {
    const report = await runScaleBench({ count: 40, githubFile: "/nonexistent/api.github.com.json", ladder: [1024, 4096], inProcess: true });
    expect(report.corpus.githubMissing).toMatch(/absent/);
    expect(report.corpus.schemas).toEqual({ github: 0, kubernetes: 32, tools: 8 });
    expect(report.check.schemas).toBe(40);
    expect(report.check.pairs).toBeGreaterThan(40);
    expect(report.ladder.map((rung) => rung.bytes >= 1024)).toEqual([true, true]);
    const text = formatScaleBenchText(report);
    expect(text).toContain("GitHub's OpenAPI description not used");
    expect(text).toMatch(/\| size \| subschemas \| pairs \| time per schema \| ms per KB \|/);
  });

  it("generates the same Kubernetes-shaped kinds every time, and ladder rungs of at least their size", () => {
    expect(JSON.stringify(kubernetesDocument(7, 5))).toBe(JSON.stringify(kubernetesDocument(7, 5)));
    for (const bytes of [1024, 16 * 1024, 64 * 1024]) {
      const size = JSON.stringify(ladderDocument(bytes).schema).length;
      expect(size).toBeGreaterThanOrEqual(bytes);
      expect(size).toBeLessThan(bytes * 2.5);
    }
  });
});
