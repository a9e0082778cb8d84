// The runnable examples of the docs: fenced blocks whose info string is `sh doc-test` (optionally
// `exit=N`), each with the `output` block that follows it, if any (blank lines between allowed).
export interface DocExample {
  readonly file: string;
  readonly line: number;
  readonly script: string;
  readonly exitCode: number;
  readonly output?: string;
}

const FENCE = /^(```+|~~~+)\s*(.*)$/;

export function docExamples(file: string, text: string): DocExample[] {
  const lines = text.split("\n");
  const blocks: { info: string; body: string; start: number; end: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j]!.startsWith(fence)) body.push(lines[j++]!);
    blocks.push({ info: open[2]!.trim(), body: body.join("\n"), start: i + 1, end: j });
    i = j;
  }
  const examples: DocExample[] = [];
  blocks.forEach((block, index) => {
    const info = /^sh doc-test(?:\s+exit=(\d+))?$/.exec(block.info);
    if (!info) return;
    const next = blocks[index + 1];
    const adjacent = next && next.info === "output" && lines.slice(block.end + 1, next.start - 1).every((line) => line.trim() === "");
    examples.push({ file, line: block.start, script: block.body, exitCode: Number(info[1] ?? 0), ...(adjacent ? { output: next.body } : {}) });
  });
  return examples;
}

const tidy = (text: string) => text.split("\n").map((line) => line.trimEnd()).join("\n").replace(/\n+$/, "");

/** Does the actual stdout match the shown output? `...` on its own line skips any number of lines. */
export function outputMatches(expected: string, actual: string): boolean {
  const want = tidy(expected).split("\n");
  const got = tidy(actual).split("\n");
  const match = (w: number, g: number): boolean => {
    if (w === want.length) return g === got.length;
    if (want[w]!.trim() === "...") {
      for (let k = g; k <= got.length; k++) if (match(w + 1, k)) return true;
      return false;
    }
    return g < got.length && want[w] === got[g] && match(w + 1, g + 1);
  };
  return match(0, 0);
}
