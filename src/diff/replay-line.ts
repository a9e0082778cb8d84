// A command line that reproduces one case alone: the run seed, the schema, and fast-check's
// `k:i1:i2…` path (case index, then the shrink steps taken).
import { isAbsolute, relative } from "node:path";

export interface CaseAddress {
  readonly caseIndex: number;
  readonly shrinkPath: readonly number[];
}

export interface ReplaySpec extends CaseAddress {
  readonly validator: string;
  readonly reference: string;
  readonly seed: number;
  readonly schemaId: string;
  /** The catalog file the schema came from; absent for generated schemas. */
  readonly schemaFile?: string;
  /** How many schemas the run generated (a generated schema is rebuilt from the seed). */
  readonly generatedSchemas?: number;
  readonly timeoutMs?: number;
}

export function formatReplayPath(address: CaseAddress): string {
  return [address.caseIndex, ...address.shrinkPath].join(":");
}

export function parseReplayPath(text: string): CaseAddress | null {
  if (!/^\d+(:\d+)*$/.test(text.trim())) return null;
  const [caseIndex = 0, ...shrinkPath] = text.trim().split(":").map(Number);
  return { caseIndex, shrinkPath };
}

/** Shell-quoted only where needed, so lines stay readable and paste into sh, bash and zsh alike. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Paths under the working directory are written relative to it, so the line works on another checkout. */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  if (!isAbsolute(path)) return path;
  const relativePath = relative(cwd, path);
  return relativePath && !relativePath.startsWith("..") && !isAbsolute(relativePath) ? relativePath : path;
}

export function replayLine(spec: ReplaySpec, cwd: string = process.cwd()): string {
  const words = ["npx", "schemalab", "fuzz", "--validator", displayPath(spec.validator, cwd)];
  if (spec.reference !== "ajv") words.push("--reference", displayPath(spec.reference, cwd));
  if (spec.schemaFile) words.push("--schemas", displayPath(spec.schemaFile, cwd));
  if (spec.generatedSchemas) words.push("--generate-schemas", String(spec.generatedSchemas));
  words.push("--schema-id", spec.schemaId, "--seed", String(spec.seed), "--replay-path", formatReplayPath(spec));
  if (spec.timeoutMs !== undefined) words.push("--timeout-ms", String(spec.timeoutMs));
  return words.map(shellWord).join(" ");
}

export function regressionReplayLine(validator: string, reference: string, regressionFile: string, cwd: string = process.cwd()): string {
  const words = ["npx", "schemalab", "fuzz", "--validator", displayPath(validator, cwd)];
  if (reference !== "ajv") words.push("--reference", displayPath(reference, cwd));
  words.push("--regressions", displayPath(regressionFile, cwd), "--runs", "0");
  return words.map(shellWord).join(" ");
}
