// `--validator PATH|lite|ajv`: the built-ins by name, anything else imported as an ES module file
// (resolved from the working directory) whose default export must honour the contract.
import { existsSync } from "node:fs";
import { describeThrown } from "./describe-thrown.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ValidatorModule } from "./types.js";

// Imported on demand, so asking for one built-in never loads (or depends on) the other.
const BUILTINS: Readonly<Record<string, () => Promise<ValidatorModule>>> = {
  lite: async () => (await import("./lite-validator.js")).liteValidator,
  ajv: async () => (await import("./ajv-validator.js")).ajvValidator,
};

/** The module could not be loaded or breaks the contract; the message names the file and what is wrong. */
export class ValidatorLoadError extends Error {
  override readonly name = "ValidatorLoadError";
}

export function isBuiltinValidator(pathOrName: string): boolean {
  return Object.hasOwn(BUILTINS, pathOrName);
}

export function resolveValidatorPath(path: string, cwd: string = process.cwd()): string {
  return resolve(cwd, path);
}

/** What is missing or wrong in a default export, or null when it honours the contract. */
export function describeContractGap(exported: unknown): string | null {
  if (exported === undefined) return "has no default export (expected `export default { name, compile }`)";
  if (typeof exported !== "object" || exported === null) return `default export is ${exported === null ? "null" : typeof exported}, expected an object { name, compile }`;
  const candidate = exported as { name?: unknown; compile?: unknown };
  const missing = [
    typeof candidate.name === "string" && candidate.name !== "" ? null : "'name' (a non-empty string)",
    typeof candidate.compile === "function" ? null : "'compile' (a function)",
  ].filter((gap) => gap !== null);
  return missing.length > 0 ? `default export is missing ${missing.join(" and ")}` : null;
}

async function importModuleFile(file: string): Promise<unknown> {
  if (!existsSync(file)) throw new ValidatorLoadError(`validator module ${file}: file not found`);
  try {
    return await import(pathToFileURL(file).href);
  } catch (error) {
    throw new ValidatorLoadError(`validator module ${file}: cannot import it: ${describeThrown(error)}`);
  }
}

export async function loadValidatorModule(pathOrName: string, cwd: string = process.cwd()): Promise<ValidatorModule> {
  if (isBuiltinValidator(pathOrName)) return BUILTINS[pathOrName]!();
  const file = resolveValidatorPath(pathOrName, cwd);
  const imported = (await importModuleFile(file)) as { default?: unknown };
  const gap = describeContractGap(imported.default);
  if (gap) throw new ValidatorLoadError(`validator module ${file}: ${gap}`);
  return imported.default as ValidatorModule;
}
