// Placeholder until the verb lands; replaced by its implementation.
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";

export async function compatVerb(_argv: string[], _io: Io): Promise<number> {
  throw new UsageError("'compat' is not available in this build yet");
}
