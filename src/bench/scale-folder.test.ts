// The scale folder: the asked number of good schema files, one schema each, and bad files that the
// check scan lists (file and place) without losing the good ones.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanCatalogFiles } from "../check/check-catalog-files.js";
import { writeScaleFolder } from "./scale-folder.js";

describe("writeScaleFolder", () => {
  it("writes the good files asked for and bad files check lists, the same every time", async () => {
    const folder = mkdtempSync(join(tmpdir(), "schemalab-scale-folder-"));
    const made = await writeScaleFolder(folder, { good: 40, bad: 2, githubFile: join(folder, "absent.json"), tools: 5 });
    expect(made.githubMissing).toMatch(/absent/);
    const { github, producers, tools, kubernetes, bad } = made.files;
    expect([github, github + producers + tools + kubernetes, bad]).toEqual([0, 40, 2]);
    expect(tools).toBe(5);
    const scan = await scanCatalogFiles([folder]);
    expect(scan.schemas).toBe(40);
    expect(scan.badFiles.map((entry) => entry.file).sort()).toEqual([...made.badFiles].sort());
    const again = mkdtempSync(join(tmpdir(), "schemalab-scale-folder-"));
    await writeScaleFolder(again, { good: 40, bad: 2, githubFile: join(folder, "absent.json"), tools: 5 });
    expect(readdirSync(join(again, "kubernetes"))).toEqual(readdirSync(join(folder, "kubernetes")));
  });
});
