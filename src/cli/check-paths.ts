// Paths from the command line, checked before any work: a run that would fail at its last step (an
// output folder that does not exist, a baseline that is empty) fails first, as bad input (exit 2).
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UsageError } from "./usage-error.js";

function kindOf(path: string): "file" | "folder" | "other" | null {
  if (!existsSync(path)) return null;
  const stats = statSync(path);
  return stats.isFile() ? "file" : stats.isDirectory() ? "folder" : "other";
}

/** An input file: there, a file, not empty. */
export function checkInputFile(option: string, path: string): void {
  const kind = kindOf(path);
  if (kind === null) throw new UsageError(`${option} ${path}: no such file`);
  if (kind !== "file") throw new UsageError(`${option} ${path}: is a ${kind}, expected a file`);
  if (statSync(path).size === 0) throw new UsageError(`${option} ${path}: is empty`);
}

/** An input file or folder: there. */
export function checkInputPath(option: string, path: string): void {
  if (kindOf(path) === null) throw new UsageError(`${option} ${path}: no such file or folder`);
}

/** An input folder: there and a folder. */
export function checkInputFolder(option: string, path: string): void {
  const kind = kindOf(path);
  if (kind === null) throw new UsageError(`${option} ${path}: no such folder`);
  if (kind !== "folder") throw new UsageError(`${option} ${path}: is a ${kind}, expected a folder`);
}

/** An output file: its folder exists; the path itself is a file or nothing (never a folder). */
export function checkOutputFile(option: string, path: string): void {
  const kind = kindOf(path);
  if (kind !== null && kind !== "file") throw new UsageError(`${option} ${path}: is a ${kind}, expected a file to write`);
  const parent = dirname(resolve(path));
  if (kindOf(parent) !== "folder") throw new UsageError(`${option} ${path}: the folder ${parent} does not exist`);
}

/** An output folder: a folder or nothing yet (it is created), never a file; its nearest existing ancestor is a folder. */
export function checkOutputFolder(option: string, path: string): void {
  let current = resolve(path);
  let kind = kindOf(current);
  if (kind !== null && kind !== "folder") throw new UsageError(`${option} ${path}: is a ${kind}, expected a folder to write into`);
  while (kind === null && dirname(current) !== current) {
    current = dirname(current);
    kind = kindOf(current);
  }
  if (kind !== "folder") throw new UsageError(`${option} ${path}: ${current} is a ${kind}, not a folder`);
}
