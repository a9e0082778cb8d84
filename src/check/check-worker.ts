// A `check` worker thread: checks one catalog file per request, exactly as checkCatalogFiles does in
// the main thread (the same profiles, targets and options), and replies with the results.
import { parentPort, workerData } from "node:worker_threads";
import { loadMatrix, loadProfiles, overlayMatrices, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { loadCatalogFile } from "../schema/load-catalog.js";
import { FindingTable, SchemaEntryBuilder } from "./compact-encode.js";
import type { CompactSchema } from "./compact-types.js";
import { checkSchemas } from "./check-schemas.js";
import { CatalogError } from "../schema/catalog-error.js";
import { badFilesOf } from "./check-catalog-files.js";
import { NoteBook } from "./note-book.js";
import { TargetAnswers } from "./target-answers.js";
import type { CheckResult } from "./types.js";
import type { CheckFileReply, CheckFileRequest, CheckWorkerSetup, ResultTally } from "./check-worker-protocol.js";

const setup = workerData as CheckWorkerSetup;
const profiles = overlayMatrices(loadProfiles(), setup.matrices.map(loadMatrix));
const targets = setup.targets.map((name) => resolveTarget(name, profiles));
const port = parentPort!;
// One book per worker: each note crosses to the main thread once, with the first file that needs it.
const notes = new NoteBook();
// Findings likewise: the main thread renumbers them into the run's table (WorkerFindings).
const findings = new FindingTable();

// One file at a time, in the order asked: a second request waits for the first instead of starting
// while the first reads its file, so a reply's `ms` is that file's own time.
let working: Promise<void> = Promise.resolve();
port.on("message", (request: CheckFileRequest) => {
  working = working.then(async () => {
    const reply = await checkFile(request);
    port.postMessage(reply);
  });
});

/** A file's results as compact schema entries, numbered against this worker's finding table. */
function compactResults(results: readonly CheckResult[]): CompactSchema[] {
  const builder = new SchemaEntryBuilder(setup.targets, findings, (id) => notes.text(id));
  const entries: CompactSchema[] = [];
  for (const result of results) {
    const done = builder.add(result);
    if (done) entries.push(done);
  }
  const last = builder.finish();
  if (last) entries.push(last);
  return entries;
}

function tallyResults(results: readonly CheckResult[]): ResultTally {
  const verdicts: Record<CheckResult["verdict"], number> = { native: 0, translated: 0, "needs-local-validation": 0, rejected: 0 };
  const schemaIds = new Set<string>();
  const targetNames = new Set<string>();
  for (const { schemaId, target, verdict } of results) {
    verdicts[verdict]++;
    schemaIds.add(schemaId);
    targetNames.add(target);
  }
  return { pairs: results.length, verdicts, schemaIds: [...schemaIds], targets: [...targetNames] };
}

async function checkFile({ index, file }: CheckFileRequest): Promise<CheckFileReply> {
  const start = performance.now();
  try {
    const schemas = await loadCatalogFile(file, setup.options.read);
    const section = checkSchemas(schemas, targets, { ...setup.options, profiles, notes });
    const { results, toolResults } = section;
    const answers = new TargetAnswers(notes, setup.targets);
    for (const result of results) answers.add(result);
    const extras = { answers: answers.list(), toolResults };
    if (setup.reply === "objects") return { index, schemas: schemas.length, ms: performance.now() - start, results, ...extras, notes: notes.takeFresh() };
    const entries = compactResults(results);
    return { index, schemas: schemas.length, ms: performance.now() - start, tally: tallyResults(results), entries, findings: findings.takeFresh(), ...extras, notes: notes.takeFresh() };
  } catch (error) {
    if (error instanceof CatalogError) return { index, badFiles: badFilesOf(error) };
    return { index, error: error instanceof Error ? `${file}: ${error.message}` : String(error) };
  }
}
