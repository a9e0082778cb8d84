// One id per vitest run, handed to every test file (each runs in its own fork): fixtures that cost a
// full probe run (src/probe/test-support/shared-fixture.ts) are computed once per run under this id and
// read by every file that needs them; the folder goes at the end of the run.
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    sharedFixtureDir: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = join(tmpdir(), `schemalab-fixtures-${randomUUID()}`);
  project.provide("sharedFixtureDir", dir);
  return () => rm(dir, { recursive: true, force: true });
}
