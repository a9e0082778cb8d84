// The fault grammar of `schemalab emulate --fault` and `startEmulator({ faults })`:
//   SPEC := KIND [":" ARG] ["@" WHEN]
//   KIND := 429 | 500 | 503 | 529 | reset | slow | truncate | stream-error | max-tokens | refusal | malformed | reject-schema | content-filter
//   ARG  := 429: the Retry-After in seconds (`429:2`, `429:0s`; default 1); slow: a delay (`slow:200ms`, `slow:2s`)
//   WHEN := N (the Nth request) | N-M (requests N to M) | N+ (N and after) | P% (each request with
//           chance P, drawn from the seed, so a run replays) ; absent: every request
// Requests are numbered per provider server, from 1, as they reach the fault stage.
import type { FaultContext, FaultSpec } from "./emulator-types.js";

export class FaultSpecError extends Error {
  override readonly name = "FaultSpecError";
}

type Kindless = FaultSpec extends infer F ? (F extends FaultSpec ? Omit<F, "when" | "times"> : never) : never;

const KINDS: Readonly<Record<string, (arg: string | undefined, spec: string) => Kindless>> = {
  "429": (arg, spec) => ({ kind: "rate-limit", retryAfterS: arg === undefined ? 1 : seconds(arg, spec) }),
  "500": noArg({ kind: "server-error", status: 500 }),
  "503": noArg({ kind: "server-error", status: 503 }),
  "529": noArg({ kind: "server-error", status: 529 }),
  reset: noArg({ kind: "reset" }),
  slow: (arg, spec) => ({ kind: "slow", delayMs: arg === undefined ? 1000 : milliseconds(arg, spec) }),
  truncate: noArg({ kind: "truncated-stream" }),
  "stream-error": noArg({ kind: "stream-error" }),
  "max-tokens": noArg({ kind: "truncated" }),
  refusal: noArg({ kind: "refusal" }),
  malformed: noArg({ kind: "malformed-body" }),
  "reject-schema": noArg({ kind: "reject-schema" }),
  "content-filter": noArg({ kind: "content-filter" }),
};

export const FAULT_KINDS: readonly string[] = Object.keys(KINDS);

function noArg(fault: Kindless): (arg: string | undefined, spec: string) => Kindless {
  return (arg, spec) => {
    if (arg !== undefined) throw new FaultSpecError(`fault '${spec}': ${fault.kind} takes no ':' argument`);
    return fault;
  };
}

/** One spec string as a FaultSpec; `seed` draws the `P%` chances. */
export function parseFaultSpec(spec: string, seed = 1, index = 0): FaultSpec {
  const match = /^([a-z0-9-]+)(?::([^@]+))?(?:@(.+))?$/i.exec(spec.trim());
  if (match === null) throw new FaultSpecError(`fault '${spec}': expected KIND[:ARG][@WHEN], e.g. 429@3, 500@10%, slow:200ms@1`);
  const [, name, arg, when] = match;
  const make = KINDS[name!.toLowerCase()];
  if (make === undefined) throw new FaultSpecError(`fault '${spec}': unknown kind '${name}'; known: ${FAULT_KINDS.join(", ")}`);
  const fault = make(arg, spec);
  return when === undefined ? (fault as FaultSpec) : ({ ...fault, when: whenOf(when, spec, seed, index) } as FaultSpec);
}

function whenOf(when: string, spec: string, seed: number, index: number): (context: FaultContext) => boolean {
  const rate = /^(\d+(?:\.\d+)?)%$/.exec(when);
  if (rate !== null) {
    const chance = Number(rate[1]) / 100;
    if (chance > 1) throw new FaultSpecError(`fault '${spec}': a chance is at most 100%`);
    return (context) => draw(seed, index, context.requestNumber) < chance;
  }
  const range = /^(\d+)(?:(-)(\d+)|(\+))?$/.exec(when);
  if (range === null) throw new FaultSpecError(`fault '${spec}': @${when} is not N, N-M, N+ or P%`);
  const from = Number(range[1]);
  const to = range[4] === "+" ? Infinity : range[3] === undefined ? from : Number(range[3]);
  if (from < 1 || to < from) throw new FaultSpecError(`fault '${spec}': requests are numbered from 1, and N-M needs N <= M`);
  return (context) => context.requestNumber >= from && context.requestNumber <= to;
}

function seconds(arg: string, spec: string): number {
  const match = /^(\d+)s?$/.exec(arg);
  if (match === null) throw new FaultSpecError(`fault '${spec}': the Retry-After is whole seconds, e.g. 429:2`);
  return Number(match[1]);
}

function milliseconds(arg: string, spec: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(arg);
  if (match === null) throw new FaultSpecError(`fault '${spec}': a delay is like 200ms or 2s`);
  return Math.round(Number(match[1]) * (match[2] === "s" ? 1000 : 1));
}

/** A uniform draw in [0, 1) fixed by seed, fault and request number (mulberry32 over their mix). */
function draw(seed: number, index: number, request: number): number {
  let t = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35) ^ Math.imul(request, 0x27d4eb2f)) >>> 0;
  t = (t + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
