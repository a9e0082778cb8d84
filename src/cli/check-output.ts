// Writers for a streamed check: results go out as they are made, so output never becomes one giant
// string (20,000 tools used to end in "RangeError: Invalid string length") and memory stays flat.
// JSON: the same one CheckSection document, written piece by piece. Text: the table and the details
// spool to temporary files while the check runs (the summary line comes first but is known last).
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { CheckTotals } from "../check/check-catalog-files.js";
import { checkResultJson } from "../check/check-result-json.js";
import type { CheckResult, CheckSection } from "../report/model.js";
import { CHECK_LEGEND, formatCheckTotals, formatDetails, formatTableHeader, formatTableRow } from "./check-text.js";
import type { Io } from "./io.js";

export interface CheckWriter {
  write(result: CheckResult): void;
  /** `count` results a worker already serialised, comma-separated UTF-8 JSON; writers that need the objects parse them. */
  writeJsonBatch(json: Uint8Array, count: number): void;
  finish(totals: CheckTotals): void;
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

export function jsonCheckWriter(io: Io, source: CheckSection["source"]): CheckWriter {
  const out = chunked((text) => io.out(text));
  let first = true;
  out.add(`{"kind":"check","source":${JSON.stringify(source)},"results":[`);
  return {
    write(result) {
      const json = checkResultJson(result);
      out.add(first ? json : `,${json}`);
      first = false;
    },
    writeJsonBatch(json, count) {
      if (count === 0) return;
      if (!first) out.add(",");
      first = false;
      // Already encoded: written out as it is, after what is pending.
      out.flush();
      if (io.outBytes) io.outBytes(json);
      else io.out(new TextDecoder().decode(json));
    },
    finish(totals) {
      out.add("]}\n");
      out.flush();
      io.err(formatCheckTotals(source, totals));
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
  close(): void {
    closeSync(this.fd);
  }
}

export function textCheckWriter(io: Io, source: CheckSection["source"], widths: readonly number[]): CheckWriter {
  const folder = mkdtempSync(join(tmpdir(), "schemalab-check-"));
  const table = new Spool(join(folder, "table.txt"));
  const details = new Spool(join(folder, "details.txt"));
  let detailCount = 0;
  table.add(formatTableHeader(widths));
  return {
    writeJsonBatch(json, count) {
      if (count === 0) return;
      for (const result of JSON.parse(`[${new TextDecoder().decode(json)}]`) as CheckResult[]) this.write(result);
    },
    write(result) {
      table.add(formatTableRow(result, widths));
      const lines = formatDetails(result);
      if (lines === "") return;
      details.add(`\n${lines}`);
      detailCount++;
    },
    finish(totals) {
      try {
        io.out(`${formatCheckTotals(source, totals)}\n`);
        table.copyTo((text) => io.out(text));
        if (detailCount > 0) io.out(`\n${CHECK_LEGEND}`);
        details.copyTo((text) => io.out(text));
      } finally {
        table.close();
        details.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
