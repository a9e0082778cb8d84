// Provider errors that name the place (OpenAI's "In context=('properties', 'x')", Gemini's "at
// '/properties/x'") or the tool ("Invalid schema for function 'name'") differ per place and per schema
// only by those. The compact section states such an error once as a template and the reader fills it
// from the use's path and the schema's id, so findings and notes no longer multiply by place.
import { pythonContext } from "../../providers/emulator/emulator-error-text.js";
import type { CompactFinding, CompactSchema } from "./compact-types.js";
import { noteId } from "./note-book.js";
import type { NoteId } from "./types.js";

/** `{path}`: the use's JSON Pointer; `{context}`: it as a Python tuple; `{name}`: the schema id after its first "/". */
const PLACEHOLDER = /\{(path|context|name)\}/g;

/** The name a schema's tool is sent under: its id without the file part. */
export function templateName(schemaId: string): string {
  const slash = schemaId.indexOf("/");
  return slash < 0 ? schemaId : schemaId.slice(slash + 1);
}

export function fillTemplate(template: string, path: string, schemaId: string): string {
  return template.replace(PLACEHOLDER, (_match, mark: string) => (mark === "path" ? path : mark === "context" ? pythonContext(path) : templateName(schemaId)));
}

/**
 * The error as a template, or undefined when it names neither its place nor its tool (or a placeholder
 * already appears in it). Only a template that fills back to exactly this text is returned.
 */
export function templateOf(text: string, path: string, schemaId: string): string | undefined {
  if (text.includes("{")) {
    PLACEHOLDER.lastIndex = 0;
    if (PLACEHOLDER.test(text)) return undefined;
  }
  let template = text;
  if (path !== "") {
    template = template.replaceAll(pythonContext(path), "{context}");
    template = template.replaceAll(path, "{path}");
  } else template = template.replaceAll("context=()", "context={context}");
  const name = templateName(schemaId);
  if (name.length >= 3) template = template.replaceAll(name, "{name}");
  if (template === text) return undefined;
  return fillTemplate(template, path, schemaId) === text ? template : undefined;
}

/** Each note a schema entry's templated rejections stand for (the writer leaves them out; the reader makes them). */
export function* templatedNotes(entry: CompactSchema, findings: readonly CompactFinding[], pointers: () => readonly string[]): Generator<[NoteId, string]> {
  let resolved: readonly string[] | undefined;
  for (const answer of entry.answers) {
    for (const use of answer.rejected ?? []) {
      const finding = findings[use[0]];
      if (finding === undefined || finding.of !== "rejected" || !("template" in finding)) continue;
      resolved ??= pointers();
      for (const index of use[1]) {
        const path = resolved[index];
        if (path === undefined) continue;
        const text = fillTemplate(finding.template, path, entry.id);
        yield [noteId(text), text];
      }
    }
  }
}
