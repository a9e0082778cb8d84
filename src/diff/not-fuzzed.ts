// A declared schema the candidate refused was never fuzzed: not a disagreement, but not a pass
// either. Counted apart from generated schemas (those the seed made up), so the last line of a run
// and its JSON say how many of the user's own schemas went untested.
import type { FuzzSection } from "../report/model.js";
import { generatedSchemaId } from "./fuzz-targets.js";

const GENERATED_PREFIX = generatedSchemaId(0).replace(/0$/, "");

/** The declared schemas (not `--generate-schemas` ones) the run did not fuzz at all, by id. */
export function declaredNotFuzzed(section: Pick<FuzzSection, "unsupported">): string[] {
  return section.unsupported.map((entry) => entry.schemaId).filter((id) => !id.startsWith(GENERATED_PREFIX));
}

/** The run's last line when some declared schema went unfuzzed; undefined when every one was fuzzed. */
export function notFuzzedLine(section: Pick<FuzzSection, "unsupported">): string | undefined {
  const count = declaredNotFuzzed(section).length;
  if (count === 0) return undefined;
  return `NOT FUZZED: ${count} declared schema${count === 1 ? " was" : "s were"} not fuzzed at all (unsupported by the candidate, listed above): the run says nothing about ${count === 1 ? "it" : "them"} (--fail-on-unsupported exits 1)`;
}
