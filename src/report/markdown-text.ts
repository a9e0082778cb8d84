// Markdown building blocks for summary.md. User text is escaped so a schema id cannot open a link,
// end a table cell, start HTML (GitHub renders it) or @-mention someone in a PR comment.

const LONGEST_CELL = 200;

/** For text inside HTML such as <summary>, where markdown escapes would show. */
export function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/@/g, "&#64;");
}

/** For table cells and lines: one line, at most LONGEST_CELL characters, no markup. */
export function markdownText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const short = flat.length > LONGEST_CELL ? `${flat.slice(0, LONGEST_CELL - 1)}…` : flat;
  // Backslash escapes first: the entities htmlText adds must not be escaped again.
  return htmlText(short.replace(/[\\`*_[\]|~#]/g, (char) => `\\${char}`));
}

/** Cells must already be escaped (markdownText) or be trusted markup. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/** At most `max` rows, and a line saying how many were left for index.html. */
export function capped<T>(items: readonly T[], max: number): { readonly shown: readonly T[]; readonly note: string } {
  if (items.length <= max) return { shown: items, note: "" };
  return { shown: items.slice(0, max), note: `\n\n…and ${items.length - max} more in index.html.` };
}

/** A fenced block that no backtick run inside the text can close early. */
export function codeBlock(text: string, language = ""): string {
  const longestRun = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

export function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

export function formatPercent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
