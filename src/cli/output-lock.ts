// One writer per output folder: `run --out X` holds X/.schemalab.lock (its pid) while it writes, so a
// second run into X is refused (exit 2, naming the holder) instead of interleaving two reports into
// one results.jsonl. A lock left by a process that no longer exists is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "./usage-error.js";

export const LOCK_FILE = ".schemalab.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws a UsageError naming the process that holds it; returns the release. */
export function lockOutputFolder(folder: string, option = "--out"): () => void {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(file);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new UsageError(`${option} ${folder}: in use by another schemalab run (pid ${holder}, lock ${file}); wait for it or choose another folder`);
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new UsageError(`${option} ${folder}: cannot take the lock ${file}`);
}
