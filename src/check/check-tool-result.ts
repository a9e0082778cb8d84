// An MCP tool's `outputSchema` is the shape of the tool's result: the server produces it and the client
// validates `structuredContent` against it; it never goes to a provider. So it is checked for what can
// go wrong there (it compiles; MCP wants an object schema) and for what clients' validators read
// differently (portability notes), and it is never paired with a structured-output target.
import { describeThrown } from "../validators/describe-thrown.js";
import { ajvValidator } from "../validators/ajv-validator.js";
import { detectDocumentFeatures } from "../schema/detect-features.js";
import type { DeclaredSchema } from "../schema/types.js";
import type { NoteBook } from "./note-book.js";
import type { CheckToolResult } from "./types.js";

const OBJECT_ROOT = "MCP sends a tool's structured result as a JSON object (structuredContent): an outputSchema whose root is not an object schema can never be met.";
const FORMAT = "format is an annotation by default (2020-12): many MCP clients' validators do not check it, so the result's values may not be held to it.";
const NEWER = "not every MCP client's validator supports this keyword (older drafts' validators ignore it): results may not be checked against it.";
const RECURSIVE = "a recursive $ref: some clients' validators and code generators do not follow it.";

function portabilityNote(feature: string): string | undefined {
  if (feature === "root:non-object") return OBJECT_ROOT;
  if (feature.startsWith("format:")) return FORMAT;
  if (feature === "unevaluatedProperties" || feature === "unevaluatedItems" || feature === "dependentSchemas" || feature === "prefixItems") return NEWER;
  if (feature === "$ref:recursive") return RECURSIVE;
  return undefined;
}

export function checkToolResult(declared: DeclaredSchema, notes: NoteBook): CheckToolResult {
  const found: CheckToolResult["notes"][number][] = [];
  let valid = true;
  try {
    ajvValidator.compile(declared.schema as object | boolean, { dialect: declared.dialect });
  } catch (error) {
    valid = false;
    found.push({ feature: "schema", note: notes.id(`The output schema does not compile: ${describeThrown(error)}.`), paths: [""] });
  }
  const byFeature = new Map<string, { feature: string; note: string; paths: string[] }>();
  for (const use of detectDocumentFeatures(declared.schema)) {
    const note = portabilityNote(use.feature);
    if (note === undefined) continue;
    const entry = byFeature.get(use.feature);
    if (entry) entry.paths.push(use.path);
    else byFeature.set(use.feature, { feature: use.feature, note: notes.id(note), paths: [use.path] });
  }
  if (byFeature.has("root:non-object")) valid = false;
  found.push(...byFeature.values());
  return { schemaId: declared.id, valid, notes: found };
}
