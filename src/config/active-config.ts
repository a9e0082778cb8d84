// The config main loaded for this invocation, for verbs that need more than flags (run's job).
import type { LoadedConfig } from "./config-types.js";

let active: LoadedConfig | undefined;

export function setActiveConfig(config: LoadedConfig | undefined): void {
  active = config;
}

export function activeConfig(): LoadedConfig | undefined {
  return active;
}
