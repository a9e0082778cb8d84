// Deterministic ids and timestamps for emulated answers: realistic shapes (`chatcmpl-…`, `toolu_01…`)
// from a seeded generator, so two runs with the same seed record the same exchange.
import type { IdSource } from "./emulator-types.js";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";
/** 2026-01-01T00:00:00Z: a fixed start keeps `created` fields stable across runs. */
const EPOCH_START = 1_767_225_600;

export function createIdSource(seed = 1): IdSource {
  let state = seed >>> 0;
  let clock = EPOCH_START;
  // mulberry32: tiny, fast and good enough for ids that only need to look random.
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (alphabet: string, length: number): string => {
    let out = "";
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  return {
    alnum: (length) => pick(ALNUM, length),
    hex: (length) => pick(HEX, length),
    timestamp: () => (clock += 1),
  };
}
