// Placeholder until the verb lands; replaced by its implementation.
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";

export async function benchVerb(_argv: string[], _io: Io): Promise<number> {
  throw new UsageError("'bench' is not available in this build yet");
}
