// Option parsing shared by the verbs: strict node:util parseArgs whose complaints become usage
// errors (exit 2), and the one `--format text|json` check.
import { parseArgs, type ParseArgsConfig } from "node:util";
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
