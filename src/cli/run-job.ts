// `run` with a config: the team's job. Which steps run and over what comes from the config; the
// demo (no config) keeps the lab's own catalogs and every step.
import type { LoadedConfig } from "../config/config-types.js";
import { UsageError } from "./usage-error.js";

export type StepName = "catalogs" | "check" | "fuzz" | "probe" | "compat" | "conformance";

export interface RunJob {
  readonly job?: { readonly file: string };
  readonly catalogs?: readonly string[];
  readonly targets?: readonly string[];
  readonly validator?: string;
  readonly steps?: readonly StepName[];
  readonly compatPairs?: readonly { readonly oldPath: string; readonly newPath: string }[];
}

export function jobOf(loaded: LoadedConfig | undefined): RunJob {
  if (loaded === undefined) return {};
  const { config, file } = loaded;
  const catalogs = (config.catalogs ?? []).filter((entry): entry is string => typeof entry === "string");
  const sources = (config.catalogs ?? []).length - catalogs.length;
  if (catalogs.length === 0 && sources === 0) throw new UsageError(`${file} at /catalogs: run needs at least one catalog (a file, a folder, {"mcp": ...} or {"module": ...})`);
  const steps: StepName[] = config.steps
    ? [...config.steps]
    : ["check", "fuzz", ...(config.probe?.providers ? (["probe"] as const) : []), ...(config.compat?.pairs ? (["compat"] as const) : []), ...(config.suite ? (["conformance"] as const) : [])];
  return {
    job: { file },
    ...(catalogs.length > 0 ? { catalogs } : {}),
    ...(config.targets ? { targets: config.targets } : {}),
    ...(config.validator ? { validator: config.validator } : {}),
    steps: ["catalogs", ...steps],
    ...(config.compat?.pairs ? { compatPairs: config.compat.pairs.map((pair) => ({ oldPath: pair.old, newPath: pair.new })) } : {}),
  };
}
