// Keys never reach a file or a log: every text the probe writes passes through this scrub. It replaces
// the key (as is, and as it reads inside a JSON string) and every key found in the environment, and
// the masked echoes providers put in their errors ("Incorrect API key provided: sk-proj-****R123"):
// a fragment with a run of mask characters that ends in the last characters of a key, or that starts
// like a key, is a piece of the key and goes too.
import { API_KEY_ENV } from "../../providers/wire/wire-adapters.js";

const REDACTED = "<redacted>";
/** Shorter values are not keys (and would scrub ordinary text). */
const MIN_SECRET_LENGTH = 8;
/** How many trailing characters of a key a masked echo keeps, at least (OpenAI keeps 4). */
const TAIL = 4;
/** A key-shaped token with a run of mask characters in it: `sk-***…R123`, `AIza****abcd`. */
const MASKED_KEY_SHAPE = /\b(?:sk|pk|rk|AIza|key|api[_-]?key)[\w-]*?(?:[*•]{3,}|…)[\w-]*/gi;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The keys this process could send: the one given and every provider key variable that is set. */
export function knownSecrets(secret: string | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv = Object.values(API_KEY_ENV).map((name) => env[name]);
  return [...new Set([secret, ...fromEnv])].filter((value): value is string => typeof value === "string" && value.length >= MIN_SECRET_LENGTH);
}

function scrubWhole(text: string, secret: string): string {
  let out = text.split(secret).join(REDACTED);
  const json = JSON.stringify(secret).slice(1, -1);
  if (json !== secret) out = out.split(json).join(REDACTED);
  return out;
}

/** A masked echo that keeps the key's tail: any word characters, a run of mask characters, then the tail. */
function scrubMaskedTail(text: string, secret: string): string {
  const tail = escapeRegExp(secret.slice(-TAIL));
  return text.replace(new RegExp(`[\\w-]*(?:[*•]{3,}|…)[\\w-]*${tail}`, "g"), REDACTED);
}

export function redactSecret(text: string, secret: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  let out = text;
  for (const known of knownSecrets(secret, env)) out = scrubMaskedTail(scrubWhole(out, known), known);
  return out.replace(MASKED_KEY_SHAPE, REDACTED);
}
