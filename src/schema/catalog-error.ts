// A malformed catalog is bad input at the edge: the CLI prints the message and exits 2, so the
// message alone must say which file and which place in it.

export interface CatalogErrorOptions {
  /** 1-based line and column, for JSON syntax errors. */
  readonly line?: number;
  readonly column?: number;
  readonly cause?: unknown;
}

export class CatalogError extends Error {
  override readonly name = "CatalogError";
  readonly file: string;
  /** JSON Pointer inside the file ("" is the whole document). */
  readonly place: string;
  readonly line?: number;
  readonly column?: number;

  constructor(file: string, place: string, reason: string, options: CatalogErrorOptions = {}) {
    super(`${describePlace(file, place, options)}: ${reason}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.file = file;
    this.place = place;
    if (options.line !== undefined) this.line = options.line;
    if (options.column !== undefined) this.column = options.column;
  }
}

/**
 * Every file of a scan that could not be used, in one error: the first line counts them, then one line
 * per file and place.
 */
export class CatalogErrorList extends CatalogError {
  readonly errors: readonly CatalogError[];

  constructor(errors: readonly CatalogError[], scanned: number) {
    const first = errors[0]!;
    super(first.file, first.place, "", { cause: first });
    this.errors = errors;
    this.message = [`${errors.length} problems in ${scanned} catalog file(s):`, ...errors.map((error) => `  ${error.message}`)].join("\n");
  }
}

function describePlace(file: string, place: string, { line, column }: CatalogErrorOptions): string {
  if (line !== undefined && column !== undefined) return `${file}:${line}:${column}`;
  return place === "" ? `${file} (document root)` : `${file} at ${place}`;
}

/** A JSON syntax error as a CatalogError with the line and column the parser stopped at. */
export function jsonSyntaxError(file: string, text: string, error: unknown): CatalogError {
  const message = error instanceof Error ? error.message : String(error);
  const offset = syntaxErrorOffset(message, text);
  const { line, column } = lineAndColumn(text, offset);
  return new CatalogError(file, "", `invalid JSON: ${message}`, { line, column, cause: error });
}

function syntaxErrorOffset(message: string, text: string): number {
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return offsetOf(text, Number(lineColumn[1]), Number(lineColumn[2]));
  return text.length; // "Unexpected end of JSON input" carries no position: the end is where it stopped
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split("\n").slice(0, line - 1);
  return lines.reduce((sum, current) => sum + current.length + 1, 0) + column - 1;
}
