// Writes a run's results as JSON Lines while they are produced: the header first, one line per
// section, the footer last. Each line goes to the file before the call returns, so a run that dies
// leaves a readable partial file (no footer) that `report` reads as incomplete.
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { fromRoot } from "../package-root.js";
import { compactCheckSection } from "../check/compact-encode.js";
import { RESULTS_VERSION, type ResultsDocument, type ResultsRecord, type RunFooter, type RunHeader, type Section } from "./model.js";

export interface RunHeaderOptions {
  readonly argv: readonly string[];
  readonly seed?: number;
  /** The schemalab version; read from package.json when absent. */
  readonly schemalab?: string;
  readonly now?: Date;
}

let packageVersion: string | undefined;

function schemalabVersion(): string {
  packageVersion ??= (JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { version: string }).version;
  return packageVersion;
}

export function createRunHeader(options: RunHeaderOptions): RunHeader {
  return {
    kind: "header",
    schemalab: options.schemalab ?? schemalabVersion(),
    resultsVersion: RESULTS_VERSION,
    startedAt: (options.now ?? new Date()).toISOString(),
    argv: [...options.argv],
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  };
}

export class ResultsWriter {
  private fd: number | undefined;
  private readonly sections: Section[] = [];

  private constructor(
    readonly path: string,
    private readonly header: RunHeader,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, "w");
    this.writeRecord(header);
  }

  /** Creates (or truncates) `path` and writes the header line. */
  static open(path: string, header: RunHeader): ResultsWriter {
    return new ResultsWriter(path, header);
  }

  writeSection(section: Section): void {
    this.writeRecord(section);
    this.sections.push(section);
  }

  /** Writes the footer and closes the file; returns everything written, as one document. */
  close(complete: boolean, now: Date = new Date()): ResultsDocument {
    const footer: RunFooter = { kind: "footer", finishedAt: now.toISOString(), complete };
    this.writeRecord(footer);
    closeSync(this.openFd());
    this.fd = undefined;
    return { header: this.header, sections: [...this.sections], footer };
  }

  private openFd(): number {
    if (this.fd === undefined) throw new Error(`results writer for ${this.path} is already closed`);
    return this.fd;
  }

  private writeRecord(record: ResultsRecord): void {
    const fd = this.openFd();
    // A check section goes out compact (report reads it back whole): it grows with schemas × targets.
    const bytes = Buffer.from(`${JSON.stringify(record.kind === "check" ? compactCheckSection(record) : record)}\n`, "utf8");
    // writeSync may write less than asked; loop so a line is never left half-written by us.
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
  }
}
