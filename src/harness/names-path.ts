// Does an error result's text name a failing field? Dispatchers spell paths the way their validator
// prints them, and any of these tells a model what to fix:
// - a JSON Pointer: `/data/weight_kg`, or Ajv's `errorsText()` with its `data` root: `data/data/weight_kg must be number`;
// - a dotted or bracketed path, with or without a root: `data.weight_kg`, `items.1.grams`, `data.items[1].grams`, `$.items[1].grams`;
// - the quoted property name beside its parent, as required and additionalProperties errors do
//   (`data.data: must NOT have additional properties ("heart_rate")`);
// - for a property the schema forbids, its parent with the words "additional properties" (Ajv's
//   errorsText prints `data/data must NOT have additional properties` without the name).
import { parsePointer } from "../schema/index.js";

/** Root names validators print before a path: Ajv's `data`, JSONPath's `$`, `#` for a pointer fragment. */
const ROOTS = ["data", "\\$", "#", "args", "arguments", "input", "instance", "root"];

export function namesPath(text: string, pointer: string): boolean {
  const segments = parsePointer(pointer);
  if (segments.length === 0) return true;
  if (namesSegments(text, segments)) return true;
  const parent = segments.slice(0, -1);
  const parentNamed = parent.length === 0 || namesSegments(text, parent);
  if (!parentNamed) return false;
  const last = segments.at(-1)!;
  if (text.includes(`"${last}"`) || text.includes(`'${last}'`) || text.includes(`\`${last}\``)) return true;
  return namesForbiddenExtra(text);
}

function namesSegments(text: string, segments: readonly string[]): boolean {
  return spellingsOf(segments).some((spelling) => containsPath(text, spelling));
}

function spellingsOf(segments: readonly string[]): string[] {
  const pointer = segments.map((segment) => `/${segment.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
  const bracketed = segments.map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join("");
  return [...new Set([pointer, bracketed, segments.join(".")])];
}

/**
 * The spelling as a whole path: not the tail of a longer one (`date` is not named by `update`, nor
 * `/grams` by `/items/1/grams`), optionally after a root (`data/items/1/grams`, `data.items[1].grams`),
 * and not continued by another segment (`/data` is not named by `/data/weight_kg`'s text).
 */
function containsPath(text: string, spelling: string): boolean {
  const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const separator = spelling.startsWith("/") || spelling.startsWith("[") ? "" : "\\.";
  const rooted = `(?:(?:${ROOTS.join("|")})${separator})?`;
  return new RegExp(`(^|[^A-Za-z0-9_./\\]\\[$#])${rooted}${escaped}(?=$|[^A-Za-z0-9_./\\[]|[./](?:\\s|$))`).test(text);
}

/** Words for a forbidden extra property (its parent is named by the caller). */
function namesForbiddenExtra(text: string): boolean {
  return /\b(additional|unknown|unexpected|unrecognized|extra)\s+(propert|field|key)/i.test(text);
}
