// Does an error result's text name a failing field? Dispatchers spell paths differently (a JSON
// Pointer, `data.items[1].grams`, `items.1.grams`, or a quoted property name beside its parent, as
// required and additionalProperties errors do), and any of those tells a model what to fix.
import { parsePointer } from "../schema/index.js";

export function namesPath(text: string, pointer: string): boolean {
  const segments = parsePointer(pointer);
  if (segments.length === 0) return true;
  if (spellingsOf(segments).some((spelling) => containsWord(text, spelling))) return true;
  const parent = segments.slice(0, -1);
  const parentNamed = parent.length === 0 || spellingsOf(parent).some((spelling) => containsWord(text, spelling));
  const last = segments.at(-1)!;
  return parentNamed && (text.includes(`"${last}"`) || text.includes(`'${last}'`) || text.includes(`\`${last}\``));
}

function spellingsOf(segments: readonly string[]): string[] {
  const pointer = segments.map((segment) => `/${segment.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
  const bracketed = segments.map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join("");
  return [...new Set([pointer, bracketed, segments.join(".")])];
}

/** The spelling, not as part of a longer name: `date` is not named by `update`, `data.date` names it. */
function containsWord(text: string, spelling: string): boolean {
  const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(text);
}
