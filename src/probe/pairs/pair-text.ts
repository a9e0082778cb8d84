// The text view of a mode's pair cells: counts, then each interacting pair with what was lost.
import type { ProbeCell } from "../../report/model.js";

export function pairLines(pairs: Readonly<Record<string, ProbeCell>> | undefined): string[] {
  if (pairs === undefined) return [];
  const counts = new Map<string, number>();
  for (const cell of Object.values(pairs)) counts.set(cell.status, (counts.get(cell.status) ?? 0) + 1);
  const lines = [`    pairs (${Object.keys(pairs).length}): ${[...counts].map(([status, count]) => `${count} ${status}`).join(" · ")}`];
  for (const [pair, cell] of Object.entries(pairs)) {
    const interacts = (cell.evidence as { interacts?: string[] }).interacts;
    if (interacts !== undefined) lines.push(`    interacts ${pair}: ${interacts.join("; ")}`);
    if (cell.status === "error") lines.push(`    error ${pair}: ${String((cell.evidence as { summary?: string }).summary ?? "").slice(0, 200)}`);
  }
  return lines;
}
