// The check text view on one screen over any number of targets: targets that give every schema the same
// answer (the same matrix column and the same per-target line) share one numbered line, their names
// listed by provider under it; schemas with the same row of symbols share one matrix row. Nothing
// depends on a fixed target list: the groups come from the answers themselves.
import type { CheckTargetAnswer } from "../report/model.js";

/** The matrix as it streams by: each target's column of symbols, and the distinct rows in first-seen order. */
export class MatrixFold {
  private readonly columns: string[];
  private readonly rows = new Map<string, { ids: string[]; count: number }>();
  schemas = 0;

  constructor(readonly targets: number) {
    this.columns = new Array<string>(targets).fill("");
  }

  /** One schema's symbols, one per target in target order. */
  add(schemaId: string, symbols: string): void {
    this.schemas++;
    for (let index = 0; index < this.targets; index++) this.columns[index] += symbols[index] ?? ".";
    const row = this.rows.get(symbols);
    if (row === undefined) this.rows.set(symbols, { ids: [schemaId], count: 1 });
    else if (row.count++ < ROW_NAMES) row.ids.push(schemaId);
  }

  /** Targets (indexes into answers, among `shown`) grouped when their column and their answer are the same, in first-seen order. */
  groups(answers: readonly CheckTargetAnswer[], shown: readonly number[]): number[][] {
    const byKey = new Map<string, number[]>();
    for (const index of shown) {
      const { target: _target, ...answer } = answers[index]!;
      const key = `${this.columns[index]}\u0000${JSON.stringify(answer)}`;
      const group = byKey.get(key);
      if (group === undefined) byKey.set(key, [index]);
      else group.push(index);
    }
    return [...byKey.values()];
  }

  /** The distinct rows, at most `limit`, each with the schemas that have it (the first few named). */
  distinctRows(limit: number): { rows: { ids: string[]; count: number; symbols: string }[]; hidden: number } {
    const all = [...this.rows].map(([symbols, row]) => ({ ...row, symbols }));
    return { rows: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
  }
}

const ROW_NAMES = 2;

/** Target names by provider: `openai: chat.tools, chat.tools.auto; anthropic: messages.tools`, wrapped to `width`. */
export function targetList(names: readonly string[], width: number, indent: string): string[] {
  const byProvider = new Map<string, string[]>();
  for (const name of names) {
    const colon = name.indexOf(":");
    const provider = colon < 0 ? name : name.slice(0, colon);
    const modes = byProvider.get(provider);
    const mode = colon < 0 ? "" : name.slice(colon + 1);
    if (modes === undefined) byProvider.set(provider, [mode]);
    else modes.push(mode);
  }
  const pieces = [...byProvider].map(([provider, modes]) => `${provider}: ${modes.join(", ")}`);
  const lines: string[] = [];
  let line = "";
  for (const piece of pieces) {
    for (const word of piece.split(" ")) {
      if (line !== "" && indent.length + line.length + 1 + word.length > width) {
        lines.push(indent + line);
        line = word;
      } else line = line === "" ? word : `${line} ${word}`;
    }
    line += ";";
  }
  if (line !== "") lines.push(indent + line.replace(/;$/, ""));
  return lines;
}
