// Time per schema as a schema grows: Kubernetes-shaped kinds from about 1 KB to about 1 MB, each
// checked against every documented target of its role. Small rungs repeat until the clock has enough.
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import { checkSchemas } from "../check/check-schemas.js";
import type { DeclaredSchema } from "../schema/types.js";
import { listSubschemas } from "../schema/walk-schema.js";
import { kubernetesDocument } from "./scale-kubernetes-corpus.js";

export interface LadderRung {
  readonly bytes: number;
  readonly subschemas: number;
  readonly pairs: number;
  /** CPU time for one schema against all its targets. */
  readonly ms: number;
  readonly msPerKb: number;
  readonly rounds: number;
}

export const LADDER_TARGET_BYTES: readonly number[] = [1, 4, 16, 64, 256, 1024].map((kb) => kb * 1024);

/** The first kind of at least `bytes` (definition counts searched by doubling, then by halving the gap). */
export function ladderDocument(bytes: number): DeclaredSchema {
  const size = (count: number) => JSON.stringify(kubernetesDocument(1, count, count > 1)).length;
  let high = 1;
  while (size(high) < bytes && high < 1 << 14) high *= 2;
  let low = Math.max(1, high >> 1);
  while (low < high) {
    const middle = (low + high) >> 1;
    if (size(middle) < bytes) low = middle + 1;
    else high = middle;
  }
  const schema = kubernetesDocument(1, high, high > 1);
  return { id: `ladder/${bytes}`, name: `ladder_${bytes}`, version: null, source: { file: `ladder-${bytes}.json`, format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12" };
}

export function measureLadder(targetBytes: readonly number[] = LADDER_TARGET_BYTES, minimumMs = 300): LadderRung[] {
  const profiles = loadProfiles();
  const targets = listTargets(profiles).map((name) => resolveTarget(name, profiles));
  return targetBytes.map((bytes) => {
    const declared = ladderDocument(bytes);
    const size = JSON.stringify(declared.schema).length;
    checkSchemas([declared], targets, { profiles }); // warm-up: the first run compiles the code paths
    let rounds = 0;
    let pairs = 0;
    const start = process.cpuUsage();
    let spent = 0;
    while (rounds === 0 || spent < minimumMs) {
      pairs = checkSchemas([declared], targets, { profiles }).results.length;
      rounds++;
      const used = process.cpuUsage(start);
      spent = (used.user + used.system) / 1000;
    }
    const ms = spent / rounds;
    return { bytes: size, subschemas: listSubschemas(declared.schema).length, pairs, ms, msPerKb: ms / (size / 1024), rounds };
  });
}
