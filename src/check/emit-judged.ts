// `check --emit DIR`: per schema and target, the schema the verdict judged (the translation, as the
// provider receives it) and the request fragment it travels in, so a team sends exactly what was
// checked. DIR/<target>/<schema>.schema.json and .request.json, plus DIR/index.json listing every pair.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import type { Translation } from "../../providers/translation/translation-types.js";
import type { DeclaredSchema } from "../schema/types.js";
import type { CheckResult } from "./types.js";

export interface EmittedPair {
  readonly schemaId: string;
  readonly target: string;
  readonly verdict: CheckResult["verdict"];
  /** Relative to DIR. */
  readonly schema: string;
  readonly request: string;
}

/** A file name from an id: letters, digits, `.`, `_` and `-` kept, the rest `_`. */
function fileStem(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_") || "_";
}

export class JudgedEmitter {
  private readonly pairs: EmittedPair[] = [];
  private readonly used = new Set<string>();
  private readonly folders = new Set<string>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Writes the translation exactly as judged (the same objects the verdict read). */
  emit(declared: DeclaredSchema, target: ResolvedTarget, translation: Translation, result: CheckResult): void {
    const folder = fileStem(target.target);
    if (!this.folders.has(folder)) {
      mkdirSync(join(this.dir, folder), { recursive: true });
      this.folders.add(folder);
    }
    let stem = `${folder}/${fileStem(declared.id)}`;
    // Two ids that clean up alike ("a/b" and "a_b") get numbered names, not one file.
    for (let n = 2; this.used.has(stem.toLowerCase()); n++) stem = `${folder}/${fileStem(declared.id)}-${n}`;
    this.used.add(stem.toLowerCase());
    const schema = `${stem}.schema.json`;
    const request = `${stem}.request.json`;
    writeFileSync(join(this.dir, schema), `${JSON.stringify(translation.native, null, 2)}\n`);
    writeFileSync(join(this.dir, request), `${JSON.stringify(translation.fragment, null, 2)}\n`);
    this.pairs.push({ schemaId: declared.id, target: target.target, verdict: result.verdict, schema, request });
  }

  finish(): readonly EmittedPair[] {
    writeFileSync(join(this.dir, "index.json"), `${JSON.stringify({ pairs: this.pairs }, null, 2)}\n`);
    return this.pairs;
  }
}
