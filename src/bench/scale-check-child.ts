// Entry of the child process `bench --scale` forks, so the check's peak RSS is its own and not the
// corpus builder's: measures the folder in argv[2] and sends the figures back over IPC.
import { measureCheckFolder } from "./scale-check-measure.js";

const folder = process.argv[2];
if (folder === undefined || process.send === undefined) {
  process.stderr.write("scale-check-child: run by bench --scale (forked, with a folder)\n");
  process.exit(2);
}
const measure = await measureCheckFolder(folder);
process.send(measure, () => process.exit(0));
