// A replay folder, read and checked whole before any request: an empty folder, or a cassette that is
// empty, binary, not JSON or not a cassette, is bad input naming that file, never a "miss" that names
// the next file along.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Cassette } from "./cassette.js";

/** A replay folder or cassette the lab cannot use (exit 2): the message names the file and what is wrong. */
export class CassetteError extends Error {
  override readonly name = "CassetteError";
}

/** A recorded response is bounded at 16 MB by default; its JSON with headers and escapes stays under this. */
const MAX_CASSETTE_BYTES = 256 * 1024 * 1024;

function looksBinary(bytes: Buffer): string | null {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return "is UTF-16 text; cassettes are UTF-8 JSON";
  if (bytes.subarray(0, 4096).includes(0)) return "is binary (a NUL byte), not JSON";
  return null;
}

function problemOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "is not a cassette (expected an object with request and response or networkError)";
  const cassette = value as Partial<Cassette>;
  if (typeof cassette.request !== "object" || cassette.request === null) return "has no 'request'";
  if (cassette.networkError !== undefined) return typeof cassette.networkError?.message === "string" ? null : "has a 'networkError' without a message";
  const response = cassette.response;
  if (typeof response !== "object" || response === null) return "has neither 'response' nor 'networkError'";
  if (typeof response.status !== "number" || !Array.isArray(response.chunks) || response.chunks.some((chunk) => typeof chunk !== "string")) {
    return "has a 'response' without a numeric status and an array of string chunks";
  }
  return null;
}

function readCassette(file: string): Cassette {
  const stat = statSync(file);
  if (!stat.isFile()) throw new CassetteError(`cassette ${file}: is ${stat.isDirectory() ? "a directory" : "not a regular file"}, not a cassette file`);
  if (stat.size > MAX_CASSETTE_BYTES) throw new CassetteError(`cassette ${file}: is ${stat.size} bytes, more than ${MAX_CASSETTE_BYTES} (no recorded answer is that large)`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CassetteError(`cassette ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (bytes.length === 0) throw new CassetteError(`cassette ${file}: is empty`);
  const binary = looksBinary(bytes);
  if (binary) throw new CassetteError(`cassette ${file}: ${binary}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new CassetteError(`cassette ${file}: not JSON (${(error as Error).message})`);
  }
  const problem = problemOf(parsed);
  if (problem) throw new CassetteError(`cassette ${file}: ${problem}`);
  return parsed as Cassette;
}

/** Every cassette of a replay folder by file name; throws CassetteError on the first unusable one. */
export function readCassettes(dir: string): ReadonlyMap<string, Cassette> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CassetteError(`replay folder ${dir}: no such folder`);
  const names = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  if (names.length === 0) throw new CassetteError(`replay folder ${dir}: no cassettes (*.json) in it`);
  return new Map(names.map((name) => [name, readCassette(join(dir, name))]));
}
