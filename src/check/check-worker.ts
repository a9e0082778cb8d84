// A `check` worker thread: checks one catalog file per request, exactly as checkCatalogFiles does in
// the main thread (the same profiles, targets and options), and replies with the results.
import { parentPort, workerData } from "node:worker_threads";
import { loadMatrix, loadProfiles, overlayMatrices, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { loadCatalogFile } from "../schema/load-catalog.js";
import { checkResultJson } from "./check-result-json.js";
import { checkSchemas } from "./check-schemas.js";
import type { CheckFileReply, CheckFileRequest, CheckWorkerSetup } from "./check-worker-protocol.js";

const setup = workerData as CheckWorkerSetup;
const profiles = overlayMatrices(loadProfiles(), setup.matrices.map(loadMatrix));
const targets = setup.targets.map((name) => resolveTarget(name, profiles));
const port = parentPort!;

port.on("message", (request: CheckFileRequest) => {
  void checkFile(request).then((reply) => port.postMessage(reply));
});

async function checkFile({ index, file }: CheckFileRequest): Promise<CheckFileReply> {
  try {
    const schemas = await loadCatalogFile(file, setup.options.read);
    const results = checkSchemas(schemas, targets, { ...setup.options, profiles }).results;
    if (setup.reply === "objects") return { index, schemas: schemas.length, results };
    const summaries = results.map(({ schemaId, target, verdict }) => ({ schemaId, target, verdict }));
    return { index, schemas: schemas.length, summaries, json: results.map(checkResultJson) };
  } catch (error) {
    return { index, error: error instanceof Error ? `${file}: ${error.message}` : String(error) };
  }
}
