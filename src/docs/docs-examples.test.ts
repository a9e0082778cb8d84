// Every `sh doc-test` block of README.md and docs/*.md runs against the built CLI (`schemalab` on
// PATH is bin/schemalab.js; `npm run build` first), offline, in a temp folder per page, and its
// stdout is compared with the `output` block that follows it. How to mark blocks: docs/contracts.md.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { docExamples, outputMatches } from "./doc-blocks.js";

const pages = ["README.md", ...readdirSync(fromRoot("docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
const built = existsSync(fromRoot("dist", "src", "cli", "main.js"));

function binFolder(): string {
  const bin = mkdtempSync(join(tmpdir(), "schemalab-docbin-"));
  writeFileSync(join(bin, "schemalab"), `#!/bin/sh\nexec node "${fromRoot("bin", "schemalab.js")}" "$@"\n`);
  chmodSync(join(bin, "schemalab"), 0o755);
  return bin;
}

describe("doc blocks", () => {
  it("finds marked blocks with their output and compares with ... as a gap", () => {
    const text = "x\n```sh doc-test exit=1\necho a\n```\n\n```output\na\n...\nz\n```\n```sh\nnot run\n```\n";
    expect(docExamples("p.md", text)).toEqual([{ file: "p.md", line: 2, script: "echo a", exitCode: 1, output: "a\n...\nz" }]);
    expect(outputMatches("a\n...\nz", "a\nb\nc\nz\n")).toBe(true);
    expect(outputMatches("a\n...\nz", "a\nb\n")).toBe(false);
    expect(outputMatches("a", "b")).toBe(false);
  });
});

describe.skipIf(!built)("every runnable example in the docs", () => {
  const bin = built ? binFolder() : "";
  // schemalab/lite resolves from the temp folder through a node_modules link to this package.
  for (const page of pages) {
    const examples = docExamples(page, readFileSync(fromRoot(page), "utf8"));
    if (examples.length === 0) continue;
    it(`${page}: ${examples.length} example(s)`, { timeout: 60_000 * examples.length }, () => {
      const cwd = mkdtempSync(join(tmpdir(), "schemalab-doc-"));
      mkdirSync(join(cwd, "node_modules"));
      execFileSync("ln", ["-s", fromRoot(), join(cwd, "node_modules", "schemalab")]);
      // The lab's own example files read as in a clone: suites/, providers/ and bin/ relative paths work.
      for (const folder of ["suites", "providers", "bin"]) execFileSync("ln", ["-s", fromRoot(folder), join(cwd, folder)]);
      for (const example of examples) {
        const result = spawnSync("bash", ["-e", "-o", "pipefail", "-c", example.script], {
          cwd,
          encoding: "utf8",
          timeout: 30_000,
          env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, REPO: fromRoot(), CI: "true", NO_COLOR: "1" },
        });
        const where = `${example.file}:${example.line}`;
        expect(result.status, `${where} exit code; stderr: ${result.stderr}`).toBe(example.exitCode);
        if (example.output !== undefined) expect(outputMatches(example.output, result.stdout), `${where} output:\n${result.stdout}`).toBe(true);
      }
    });
  }
});
