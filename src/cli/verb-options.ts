// Option parsing shared by the verbs: strict node:util parseArgs whose complaints become usage
// errors (exit 2), and the one `--format text|json` check.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { DIALECTS, parseDialectName, type Dialect } from "../lite/dialect.js";
import { UsageError } from "./usage-error.js";

export function parseVerbArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function textOrJson(format: string): "text" | "json" {
  if (format !== "text" && format !== "json") throw new UsageError(`--format: expected text or json, got '${format}'`);
  return format;
}

/** `--dialect NAME`: read every schema as this dialect (draft4, draft-07, 2020-12, openapi-3.0...). */
export function dialectOption(name: string | undefined): Dialect | undefined {
  if (name === undefined) return undefined;
  const dialect = parseDialectName(name);
  if (dialect === undefined) throw new UsageError(`--dialect: expected one of ${DIALECTS.join(", ")}, got '${name}'`);
  return dialect;
}

/** `--unknown-keywords refuse|annotate`. */
export function unknownKeywordsOption(policy: string | undefined): "refuse" | "annotate" | undefined {
  if (policy === undefined || policy === "refuse" || policy === "annotate") return policy;
  throw new UsageError(`--unknown-keywords: expected refuse or annotate, got '${policy}'`);
}
