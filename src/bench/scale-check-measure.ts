// Times `check` over a folder as the CLI runs it (scan, then one file at a time against every
// documented target of each schema's role, each result serialised as the JSON output would be):
// wall and CPU time in total and per schema, and the process's peak RSS.
import { statSync } from "node:fs";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { availableParallelism } from "node:os";
import { checkCatalogFiles, scanCatalogFiles, type CheckTotals } from "../check/check-catalog-files.js";
import { jsonCheckWriter } from "../cli/check-output.js";
import { NoteBook } from "../check/note-book.js";
import { checkFilesInWorkers, defaultCheckWorkers } from "../check/check-files-in-workers.js";

export interface ScaleCheckMeasure {
  /** Worker threads the check ran on (0: the main thread only). */
  readonly workers: number;
  readonly schemas: number;
  readonly targets: number;
  readonly pairs: number;
  readonly verdicts: CheckTotals["verdicts"];
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Peak resident set of the process that ran the check, in MB. */
  readonly maxRssMb: number;
  /** JSON output written, in bytes (counted, not kept). */
  readonly outputBytes: number;
  /** Wall time per schema: its file's time in the thread that checked it, shared among the file's schemas. */
  readonly perSchemaMs: { readonly mean: number; readonly p50: number; readonly p99: number; readonly max: number };
  /** The largest file and how long its schemas took. */
  readonly largest: { readonly file: string; readonly bytes: number; readonly schemas: number; readonly ms: number };
}

export async function measureCheckFolder(folder: string, requestedWorkers?: number): Promise<ScaleCheckMeasure> {
  const profiles = loadProfiles();
  const targets = listTargets(profiles).map((name) => resolveTarget(name, profiles));
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const scan = await scanCatalogFiles([folder]);
  // The CLI's choice: worker threads for a folder this size, one per core (their CPU counts in cpuUsage).
  const workers = requestedWorkers ?? defaultCheckWorkers(scan.files, availableParallelism());
  const perSchema: number[] = [];
  let largest = { file: "", bytes: -1, schemas: 0, ms: 0 };
  let outputBytes = 0;
  const notes = new NoteBook();
  // The JSON the CLI writes, counted as it is made (not kept).
  const writer = jsonCheckWriter({ out: (text) => void (outputBytes += Buffer.byteLength(text)), err: () => undefined, isTTY: false }, "documented", targets.map((target) => target.target), notes);
  // Each file's time as the thread that checked it took it (read, check, serialise): with workers,
  // files finish out of order and are handed on in bursts, so time between hand-ons says nothing.
  const fileDone = (file: string, schemas: number, ms: number): void => {
    for (let k = 0; k < schemas; k++) perSchema.push(ms / Math.max(1, schemas));
    const bytes = statSync(file).size;
    if (bytes > largest.bytes) largest = { file, bytes, schemas, ms };
  };
  const run =
    workers > 0
      ? await checkFilesInWorkers(
          [folder],
          { targets: targets.map((target) => target.target), matrices: [], options: {}, reply: "compact" },
          workers,
          (each) => ("result" in each ? writer.write(each.result) : writer.writeEntries(each.worker, each.entries)),
          fileDone,
          undefined,
          [],
          (worker, findings) => writer.received(worker, findings),
        )
      : await checkCatalogFiles([folder], targets, { profiles, notes }, (result) => writer.write(result), fileDone);
  const { totals } = run;
  writer.finish(run);
  const wallMs = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  perSchema.sort((a, b) => a - b);
  const at = (share: number): number => perSchema[Math.min(perSchema.length - 1, Math.floor(share * perSchema.length))] ?? 0;
  return {
    workers,
    schemas: totals.schemas,
    targets: totals.targets,
    pairs: totals.pairs,
    verdicts: totals.verdicts,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    outputBytes,
    perSchemaMs: { mean: perSchema.reduce((sum, ms) => sum + ms, 0) / Math.max(1, perSchema.length), p50: at(0.5), p99: at(0.99), max: perSchema[perSchema.length - 1] ?? 0 },
    largest,
  };
}
