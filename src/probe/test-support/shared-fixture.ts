// A costly fixture (a full probe run) computed once per vitest run and shared by the test files that
// read it, although each file runs in its own process: the first to ask takes a lock file and writes the
// result; the others wait for it. Without the run's folder (a file run outside this config) it is
// computed in place. A failure is written too, so a waiting file fails with the same error at once.
import { mkdir, open, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inject } from "vitest";

const WAIT_STEP_MS = 100;

export async function sharedFixture<T>(name: string, compute: () => Promise<T>, waitMs = 240_000): Promise<T> {
  const dir = inject("sharedFixtureDir");
  if (typeof dir !== "string") return compute();
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  let lock;
  try {
    lock = await open(join(dir, `${name}.lock`), "wx");
  } catch {
    return waitFor<T>(file, waitMs);
  }
  await lock.close();
  let written: { ok: true; value: T } | { ok: false; error: string };
  try {
    written = { ok: true, value: await compute() };
  } catch (error) {
    written = { ok: false, error: (error as Error).stack ?? String(error) };
  }
  await writeFile(`${file}.tmp`, JSON.stringify(written));
  await rename(`${file}.tmp`, file);
  return unwrap<T>(written, name);
}

async function waitFor<T>(file: string, waitMs: number): Promise<T> {
  for (let waited = 0; waited <= waitMs; waited += WAIT_STEP_MS) {
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text !== undefined) return unwrap<T>(JSON.parse(text) as { ok: boolean; value?: T; error?: string }, file);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  throw new Error(`shared fixture ${file}: not written within ${waitMs} ms by the file computing it`);
}

function unwrap<T>(written: { ok: boolean; value?: T; error?: string }, name: string): T {
  if (!written.ok) throw new Error(`shared fixture ${name} failed where it was computed: ${written.error}`);
  return written.value as T;
}
