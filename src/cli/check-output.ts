// Writers for a streamed check: results go out as they are made, so output never becomes one giant
// string and memory stays flat. JSON: one CheckSection document written piece by piece (results first,
// then what is known at the end: the per-target answers, output schemas, bad files and the notes).
// Text: the matrix rows and the asked-for pairs spool to temporary files while the check runs (the
// per-target answer comes first but is known last).
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { CheckRunSummary } from "../check/check-catalog-files.js";
import { checkResultJson } from "../check/check-result-json.js";
import { FindingTable, SchemaEntryBuilder, TemplatedNotes, WorkerFindings } from "../check/compact-encode.js";
import type { NoteBook } from "../check/note-book.js";
import { compactTargets, SchemaIndexes } from "../check/compact-targets.js";
import { expandSchemaEntries } from "../check/compact-expand.js";
import type { CompactFinding, CompactSchema } from "../check/compact-types.js";
import type { CheckResult, CheckSection } from "../report/model.js";
import type { CheckToolListFinding } from "../check/types.js";
import { CHECK_LEGEND, DETAILS_HINT, formatCheckTotals, formatCheckView, formatDetails, matrixSymbols } from "./check-text.js";
import { MatrixFold } from "./check-fold.js";
import type { Io } from "./io.js";

export interface CheckWriter {
  write(result: CheckResult): void;
  /** A worker's findings, as its reply arrives (before the entries that use them are written). */
  received(worker: number, findings: readonly CompactFinding[]): void;
  /** A file's results as compact schema entries a worker built; writers that need the objects expand them. */
  writeEntries(worker: number, entries: readonly CompactSchema[]): void;
  finish(run: CheckRunSummary): void;
}

const CHUNK = 1 << 16;

/** Buffers small writes into chunks of about 64 KB. */
function chunked(sink: (text: string) => void): { add(text: string): void; flush(): void } {
  let pending: string[] = [];
  let size = 0;
  const flush = (): void => {
    if (pending.length > 0) sink(pending.join(""));
    pending = [];
    size = 0;
  };
  return {
    add(text) {
      pending.push(text);
      size += text.length;
      if (size >= CHUNK) flush();
    },
    flush,
  };
}

/** The end of a streamed compact check document: everything after `schemas`, known last. */
export function checkSectionTail(run: CheckRunSummary, findings: FindingTable, templated: TemplatedNotes, indexes: SchemaIndexes, toolList: readonly CheckToolListFinding[] = []): string {
  const toolListField = toolList.length === 0 ? "" : `,"toolListFindings":${JSON.stringify(toolList)}`;
  return `],"findings":${JSON.stringify(findings.list)},"targets":${JSON.stringify(compactTargets(run.targets, indexes))},"toolResults":${JSON.stringify(run.toolResults)}${toolListField},"badFiles":${JSON.stringify(run.badFiles)},"notes":${JSON.stringify(templated.without(run.notes.all()))}}`;
}

export function checkSectionHead(source: CheckSection["source"], targetNames: readonly string[]): string {
  return `{"kind":"check","source":${JSON.stringify(source)},"shape":"by-schema","targetNames":${JSON.stringify(targetNames)},"schemas":[`;
}

/**
 * The compact check section (src/check/compact-types.ts), one schema entry at a time. `notes` is the
 * book the main thread's check records into (per-place provider errors become templates).
 */
export function jsonCheckWriter(io: Io, source: CheckSection["source"], targetNames: readonly string[], notes?: NoteBook, toolList: readonly CheckToolListFinding[] = []): CheckWriter {
  const out = chunked((text) => io.out(text));
  const findings = new FindingTable();
  const builder = new SchemaEntryBuilder(targetNames, findings, notes ? (id) => notes.text(id) : undefined);
  const fromWorkers = new WorkerFindings(findings);
  const templated = new TemplatedNotes();
  const indexes = new SchemaIndexes();
  let first = true;
  const put = (entry: CompactSchema | undefined): void => {
    if (entry === undefined) return;
    templated.add(entry, findings.list);
    indexes.add(entry);
    const json = JSON.stringify(entry);
    out.add(first ? json : `,${json}`);
    first = false;
  };
  out.add(checkSectionHead(source, targetNames));
  return {
    write(result) {
      put(builder.add(result));
    },
    received(worker, fresh) {
      fromWorkers.received(worker, fresh);
    },
    writeEntries(worker, entries) {
      put(builder.finish());
      for (const entry of entries) put(fromWorkers.renumber(worker, entry));
    },
    finish(run) {
      put(builder.finish());
      out.add(`${checkSectionTail(run, findings, templated, indexes, toolList)}\n`);
      out.flush();
      io.err(formatCheckTotals(source, run.totals));
    },
  };
}

/** A file of text written now and read back later, in chunks. */
class Spool {
  private readonly fd: number;
  private readonly buffer = chunked((text) => writeSync(this.fd, text));
  constructor(readonly path: string) {
    this.fd = openSync(path, "w+");
  }
  add(text: string): void {
    this.buffer.add(text);
  }
  copyTo(sink: (text: string) => void): void {
    this.buffer.flush();
    const bytes = Buffer.alloc(CHUNK);
    // A multi-byte character may straddle two chunks: the decoder holds its first bytes back.
    const decoder = new StringDecoder("utf8");
    let position = 0;
    for (let read = readSync(this.fd, bytes, 0, CHUNK, position); read > 0; read = readSync(this.fd, bytes, 0, CHUNK, position)) {
      position += read;
      sink(decoder.write(bytes.subarray(0, read)));
    }
    const rest = decoder.end();
    if (rest !== "") sink(rest);
  }
  /** The spooled text line by line (lines were written whole, each ending in a newline). */
  eachLine(visit: (line: string) => void): void {
    let partial = "";
    this.copyTo((text) => {
      const lines = (partial + text).split("\n");
      partial = lines.pop()!;
      for (const line of lines) visit(line);
    });
    if (partial !== "") visit(partial);
  }
  close(): void {
    closeSync(this.fd);
  }
}

export interface TextWriterOptions {
  readonly targets: readonly string[];
  /** The pairs to print in detail (none by default). */
  readonly details?: (result: CheckResult) => boolean;
}

export function textCheckWriter(io: Io, source: CheckSection["source"], options: TextWriterOptions): CheckWriter {
  const folder = mkdtempSync(join(tmpdir(), "schemalab-check-"));
  // Every schema's row folds into per-target columns and distinct rows (bounded names per row).
  const fold = new MatrixFold(options.targets.length);
  // Results to print in detail, as JSON lines: their notes are only all known at the end.
  const details = new Spool(join(folder, "details.jsonl"));
  const targetIndex = new Map(options.targets.map((target, index) => [target, index]));
  let rowId: string | undefined;
  let row = new Map<number, CheckResult>();
  let detailCount = 0;
  const fromWorkers = new WorkerFindings(new FindingTable());
  const endRow = (): void => {
    if (rowId !== undefined) fold.add(rowId, matrixSymbols(row, options.targets.length));
    rowId = undefined;
    row = new Map();
  };
  return {
    received(worker, fresh) {
      fromWorkers.received(worker, fresh);
    },
    writeEntries(worker, entries) {
      const renumbered = entries.map((entry) => fromWorkers.renumber(worker, entry));
      for (const result of expandSchemaEntries({ schemas: renumbered, findings: fromWorkers.findings.list, targetNames: options.targets })) this.write(result);
    },
    write(result) {
      if (result.schemaId !== rowId) {
        endRow();
        rowId = result.schemaId;
      }
      row.set(targetIndex.get(result.target) ?? -1, result);
      if (options.details?.(result) && result.verdict !== "native") {
        details.add(`${checkResultJson(result)}\n`);
        detailCount++;
      }
    },
    finish(run) {
      endRow();
      try {
        const notes = (id: string): string => run.notes.text(id) ?? id;
        const header = formatCheckView(source, run, notes, fold, "");
        if (detailCount === 0) {
          io.out(header);
          return;
        }
        // The view without its closing hint, then the details.
        io.out(header.endsWith(DETAILS_HINT) ? header.slice(0, -DETAILS_HINT.length) : header);
        io.out(`\n${CHECK_LEGEND}`);
        details.eachLine((line) => {
          if (line !== "") io.out(`\n${formatDetails(JSON.parse(line) as CheckResult, notes)}`);
        });
      } finally {
        details.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
