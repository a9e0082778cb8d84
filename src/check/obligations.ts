// What the application takes on for one schema on one target. A change is lossless only when every
// answer the provider can produce under the sent schema is valid under the declared one with the app
// doing nothing; otherwise the result names the obligation, in words and as data:
// - drop-nulls-for-optional-fields: strict mode sends an absent optional field as null;
// - validate-locally: the provider does not hold answers to these parts (ignored features, lossy changes);
// - map-tool-name: the tool goes out under another name (the provider's name rules).
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import { requestName } from "../../providers/translation/build-request-fragment.js";
import type { Translation } from "../../providers/translation/translation-types.js";
import { parsePointer } from "../schema/json-pointer.js";
import type { DeclaredSchema } from "../schema/types.js";
import type { IgnoredEntry } from "./classify-native-features.js";
import type { NoteBook } from "./note-book.js";
import type { CheckObligation, ObligationKind } from "./types.js";

/** The generic action per kind, stated once in a section's notes; the text view adds the fields. */
export const OBLIGATION_NOTES: Readonly<Record<ObligationKind, string>> = {
  "drop-nulls-for-optional-fields":
    "Strict mode sends an absent optional field as null, which the declared schema refuses: drop those nulls before calling the handler (dropNullsForOptionalFields(args, declaredSchema) from schemalab does it).",
  "validate-locally": "The provider does not hold answers to these parts of the schema: validate each answer against the declared schema before acting on it, and retry or escalate on failure.",
  "map-tool-name": "The tool's name is not a valid provider tool name and goes out renamed: map calls to the sent name back to the declared tool.",
};

/** Short verb phrases for one-line views. */
export const OBLIGATION_PHRASES: Readonly<Record<ObligationKind, string>> = {
  "drop-nulls-for-optional-fields": "drop nulls from optional fields (dropNullsForOptionalFields)",
  "validate-locally": "validate answers locally",
  "map-tool-name": "map renamed tools back",
};

export const OBLIGATION_KINDS: readonly ObligationKind[] = ["drop-nulls-for-optional-fields", "validate-locally", "map-tool-name"];

function unique(paths: Iterable<string>): string[] {
  return [...new Set(paths)];
}

export function obligationsOf(declared: DeclaredSchema, translation: Translation, mode: ModeProfile, ignored: readonly IgnoredEntry[], notes: NoteBook): CheckObligation[] {
  const obligations: CheckObligation[] = [];
  const nullPaths = unique(translation.changes.filter((change) => change.obligation === "drop-nulls-for-optional-fields").map((change) => change.path));
  if (nullPaths.length > 0) obligations.push({ kind: "drop-nulls-for-optional-fields", paths: nullPaths, note: notes.id(OBLIGATION_NOTES["drop-nulls-for-optional-fields"]) });
  // The whole answer is validated against the declared schema; the places not held are the result's `ignored`.
  if (ignored.length > 0) obligations.push({ kind: "validate-locally", paths: [""], note: notes.id(OBLIGATION_NOTES["validate-locally"]) });
  if (mode.role === "tool-input" && mode.request.nameAt !== undefined) {
    const sentName = requestName(declared.name);
    if (sentName !== declared.name) obligations.push({ kind: "map-tool-name", paths: [""], note: notes.id(OBLIGATION_NOTES["map-tool-name"]), sentName });
  }
  return obligations;
}

/** A property's name as a reader writes it: `/properties/opts/properties/tail` → `opts.tail`, items as `[]`. */
export function fieldName(path: string): string {
  const tokens = parsePointer(path);
  let name = "";
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token === "properties" && index + 1 < tokens.length) {
      name += `${name === "" ? "" : "."}${tokens[++index]}`;
    } else if (token === "items" || token === "prefixItems" || token === "additionalProperties") {
      name += "[]";
      if (token === "prefixItems") index++;
    }
  }
  return name === "" ? "(root)" : name;
}

const FIELDS_SHOWN = 6;

function fieldList(schemaName: string, paths: readonly string[]): string {
  const names = paths.map((path) => (fieldName(path) === "(root)" ? schemaName : `${schemaName}.${fieldName(path)}`));
  const more = names.length > FIELDS_SHOWN ? ` and ${names.length - FIELDS_SHOWN} more` : "";
  return `${names.slice(0, FIELDS_SHOWN).join(", ")}${more}`;
}

/** The obligation in one sentence for this schema: "drop null from optional fields read_file.tail, read_file.head before calling the handler". */
export function describeObligation(obligation: CheckObligation, schemaName: string): string {
  switch (obligation.kind) {
    case "drop-nulls-for-optional-fields":
      return `drop null from optional fields ${fieldList(schemaName, obligation.paths)} before calling the handler (dropNullsForOptionalFields)`;
    case "validate-locally":
      return `validate each ${schemaName} answer against the declared schema before acting on it (the places not enforced are listed above)`;
    case "map-tool-name":
      return `map calls to ${obligation.sentName ?? "the sent name"} back to ${schemaName}`;
  }
}
