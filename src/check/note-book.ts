// The notes of a check section: every sentence results repeat (profile notes, change reasons, provider
// errors, fallback reasons, obligation actions) is kept once and referenced by an id made from its text,
// so the same note has the same id in every run, shard and worker thread, and sections merge by union.
import { createHash } from "node:crypto";
import type { NoteId } from "./types.js";

const ID = /^n[0-9a-f]{12}$/;

/** `n` and the first 12 hex digits of the text's SHA-256 (48 bits: no collision among millions of notes). */
export function noteId(text: string): NoteId {
  return `n${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
}

export function isNoteId(value: unknown): value is NoteId {
  return typeof value === "string" && ID.test(value);
}

export class NoteBook {
  private readonly texts = new Map<NoteId, string>();
  private readonly ids = new Map<string, NoteId>();
  private fresh: NoteId[] = [];

  /** The id of this text, recording the text on first sight. */
  id(text: string): NoteId {
    let id = this.ids.get(text);
    if (id !== undefined) return id;
    id = noteId(text);
    const earlier = this.texts.get(id);
    if (earlier !== undefined && earlier !== text) throw new Error(`note id collision: ${id}`);
    this.ids.set(text, id);
    this.texts.set(id, text);
    this.fresh.push(id);
    return id;
  }

  /** Notes another book (a worker's) recorded, taken as they are: ids are the same for the same text. */
  addAll(notes: Readonly<Record<NoteId, string>>): void {
    for (const [id, text] of Object.entries(notes)) {
      if (this.texts.has(id)) continue;
      this.texts.set(id, text);
      this.ids.set(text, id);
      this.fresh.push(id);
    }
  }

  text(id: NoteId): string | undefined {
    return this.texts.get(id);
  }

  /** The notes recorded since the last call (for a worker's reply: each note crosses once). */
  takeFresh(): Record<NoteId, string> {
    const taken: Record<NoteId, string> = {};
    for (const id of this.fresh) taken[id] = this.texts.get(id)!;
    this.fresh = [];
    return taken;
  }

  /** Every note, sorted by id: the same set of notes serialises the same way. */
  all(): Record<NoteId, string> {
    const sorted: Record<NoteId, string> = {};
    for (const id of [...this.texts.keys()].sort()) sorted[id] = this.texts.get(id)!;
    return sorted;
  }
}
