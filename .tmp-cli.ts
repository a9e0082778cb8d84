import { main } from "./src/cli/main.js";
import { memoryIo } from "./src/cli/io.js";
const io = memoryIo();
const code = await main(process.argv.slice(2), io);
process.stdout.write(io.stdout); process.stderr.write(io.stderr); console.log("exit", code);
