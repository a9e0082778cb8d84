// main's one hook: take `--config FILE` / `--no-config` off the verb's argv, load the config
// (explicit, else found from the working directory up) and put its defaults before the user's flags.
import { setActiveConfig } from "./active-config.js";
import { argvWithConfig } from "./config-args.js";
import { loadConfig } from "./load-config.js";

const VERBS_WITHOUT_CONFIG = new Set(["init", "emulate", "dispatch"]);

export async function applyConfig(verb: string, argv: readonly string[], cwd: string = process.cwd()): Promise<string[]> {
  if (VERBS_WITHOUT_CONFIG.has(verb) || argv.includes("--help") || argv.includes("-h")) return [...argv];
  let explicit: string | undefined;
  let disabled = false;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--no-config") disabled = true;
    else if (arg === "--config") explicit = argv[++i];
    else if (arg.startsWith("--config=")) explicit = arg.slice("--config=".length);
    else rest.push(arg);
  }
  const loaded = disabled ? undefined : await loadConfig(explicit, cwd);
  setActiveConfig(loaded);
  return argvWithConfig(verb, rest, loaded?.config);
}
