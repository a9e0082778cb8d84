// The constraint sites a tool uses, each with a value that breaks exactly that site: one valid base value
// of the tool's declared schema, and near misses derived from that same base (the fuzz engine's families,
// generators/near-miss.ts), one per (feature, place in the value). Defects at disjoint places are then
// combined into one asked value, so one request tries several sites: what came back at each place says
// what the provider did with that site, and the rest of the value shows the request was followed.
import { nearMissDeriver, NoNearMissError, type NearMissCase } from "../../../generators/near-miss.js";
import { randomForCase } from "../../diff/case-random.js";
import { isPointerWithin, parsePointer } from "../../schema/json-pointer.js";
import type { JsonSchema } from "../../schema/types.js";
import { judgeSample } from "../judge-sample.js";
import { siteErrors } from "./site-errors.js";

export interface SiteBreak {
  readonly feature: string;
  /** JSON Pointer into the value where the defect sits (the removed property for required-removed). */
  readonly path: string;
  readonly family: string;
  readonly detail: string;
  /** The defective part at `path`, or ABSENT where the defect removes it. */
  readonly part: unknown;
}

export const ABSENT: unique symbol = Symbol("absent");

export interface ToolSites {
  readonly base: unknown;
  readonly sites: readonly SiteBreak[];
  /** Why a tool has no sites (no family finds a place for a defect). */
  readonly none?: string;
}

/** Derivations tried per tool: enough to meet every site of a 40-property tool, bounded. */
const DERIVATIONS = 400;
/** Sites combined into one asked value at most. */
export const SITES_PER_REQUEST = 8;

export function toolSites(schema: JsonSchema, seed: number): ToolSites {
  let deriver;
  try {
    deriver = nearMissDeriver(schema);
  } catch (error) {
    if (error instanceof NoNearMissError) return { base: undefined, sites: [], none: error.message };
    throw error;
  }
  let base: unknown;
  try {
    base = deriver.base.generate(randomForCase(seed), undefined).value;
  } catch (error) {
    return { base: undefined, sites: [], none: `no valid value could be made: ${(error as Error).message}` };
  }
  const prepared = deriver.prepare(base);
  const seen = new Map<string, SiteBreak>();
  for (let index = 0; index < DERIVATIONS; index += 1) {
    const found = deriver.derive(prepared, randomForCase(seed + 1 + index), undefined);
    if (found === undefined || !usable(found, schema)) continue;
    const key = `${found.feature}\u0000${generalPath(found.path)}`;
    if (!seen.has(key)) seen.set(key, { feature: found.feature, path: found.path, family: found.family, detail: found.detail, part: partAt(found.value, found.path) });
  }
  const sites = [...seen.values()].sort((a, b) => a.path.localeCompare(b.path) || a.feature.localeCompare(b.feature));
  return sites.length === 0 ? { base, sites, none: "no near-miss family found a site in this tool" } : { base, sites };
}

/**
 * A defect that lives in the value (not only in its JSON text) and that the spec refuses at the site, under
 * the site's own keyword: a near miss that only breaks another keyword (an appended item that repeats one
 * under uniqueItems, labelled items) would measure that other keyword under this one's name.
 */
function usable(found: NearMissCase, schema: JsonSchema): boolean {
  if (found.json !== undefined || found.expectedValid !== false) return false;
  const judgement = judgeSample(schema, found.value);
  // Ajv reading it otherwise: a break only a decimal-exact reader sees (248.10000000000002 under
  // multipleOf 0.1); providers and the emulator judge in binary floating point, so it measures the judge.
  if (judgement.valid || judgement.ajvReadsOtherwise !== undefined) return false;
  // Exactly this site: a value that also breaks other keywords is mended (or not) for their sake.
  return siteErrors(judgement.errors, found.feature, found.path).length === judgement.errors.length;
}

/** `/items/3/sku` and `/items/0/sku` are one site of the schema. */
function generalPath(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, "/*");
}

/**
 * Sites in groups whose places do not overlap (no place within another, the root alone), at most
 * SITES_PER_REQUEST each, in the order given.
 */
export function groupSites(sites: readonly SiteBreak[]): SiteBreak[][] {
  const groups: SiteBreak[][] = [];
  for (const site of sites) {
    const group = site.path === "" ? undefined : groups.find((candidate) => candidate.length < SITES_PER_REQUEST && candidate.every((other) => other.path !== "" && !isPointerWithin(site.path, other.path) && !isPointerWithin(other.path, site.path) && !sameParentExtras(site, other)));
    if (group === undefined) groups.push([site]);
    else group.push(site);
  }
  return groups;
}

/** Two extra properties on one object: the validator names neither, so one answer could not tell them apart. */
function sameParentExtras(a: SiteBreak, b: SiteBreak): boolean {
  const parent = (path: string): string => path.slice(0, path.lastIndexOf("/"));
  return a.feature === "additionalProperties:false" && b.feature === "additionalProperties:false" && parent(a.path) === parent(b.path);
}

/** The base with every site's defect put in place. */
export function combine(base: unknown, sites: readonly SiteBreak[]): unknown {
  let value = structuredClone(base);
  for (const site of sites) value = setAt(value, site.path, site.part);
  return value;
}

export function partAt(value: unknown, path: string): unknown {
  let node: unknown = value;
  for (const token of parsePointer(path)) {
    if (node === null || typeof node !== "object") return ABSENT;
    const record = node as Record<string, unknown>;
    if (!Object.prototype.hasOwnProperty.call(record, token)) return ABSENT;
    node = record[token];
  }
  return node;
}

function setAt(value: unknown, path: string, part: unknown): unknown {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return part === ABSENT ? undefined : structuredClone(part);
  let node = value as Record<string, unknown>;
  for (const token of tokens.slice(0, -1)) node = node[token] as Record<string, unknown>;
  const last = tokens.at(-1)!;
  if (part === ABSENT) delete node[last];
  // defineProperty, not assignment: a `__proto__` key must stay an own property (JSON.parse makes it one).
  else Object.defineProperty(node, last, { value: structuredClone(part), enumerable: true, writable: true, configurable: true });
  return value;
}
