// Finds every schema resource (an id), anchor and dynamic anchor up front, then resolves `$ref` to a
// schema node, the path errors report for it and the dialect it is written in. Only keywords that
// hold schemas (in the dialect at hand) are walked, so an "$id" inside `enum` or `const` data is
// never mistaken for an identifier. A resource with a `$schema` of its own switches dialect.
import { dialectOfSchemaUri } from "./dialect.js";
import type { DialectRules, RulesOf, SchemaIdentifiers } from "./dialect-rules.js";
import { hasOwn } from "./has-own.js";
import { decodeFragment, refKeyword } from "./ref-fragment.js";
import { escapePointerToken, parsePointer } from "./json-pointer.js";
import { MAX_SCHEMA_DEPTH, schemaTooDeep } from "./schema-depth.js";
import { subschemaShape } from "./schema-keywords.js";
import { InvalidSchemaError, UnsupportedSchemaError } from "./types.js";
import { resolveUri, splitFragment } from "./uri.js";

type SchemaObject = Readonly<Record<string, unknown>>;

/** Where a schema object lives: the base URI its `$ref`s resolve against, its schema path, its dialect. */
interface Location {
  readonly base: string;
  readonly path: string;
  readonly rules: DialectRules;
}

export interface ResolvedRef {
  readonly schema: unknown;
  readonly path: string;
  readonly rules: DialectRules;
}

/** The name draft 2019-09's `"$recursiveAnchor": true` is kept under among dynamic anchors (no anchor can start with "$"). */
export const RECURSIVE_ANCHOR = "$recursiveAnchor";

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The dialect a schema object switches to: a document or a resource with a `$schema` of its own; else `rules`. */
export function switchedRules(schema: SchemaObject, rules: DialectRules, isDocument: boolean, rulesOf: RulesOf, path: string): DialectRules {
  const uri = schema.$schema;
  if (typeof uri !== "string" || !(isDocument || rules.identify(schema).id !== undefined)) return rules;
  const dialect = dialectOfSchemaUri(uri);
  return dialect === undefined ? rules : rulesOf(dialect, path);
}

export const hasIdentifier = (ids: SchemaIdentifiers): boolean => ids.id !== undefined || ids.anchor !== undefined || ids.dynamicAnchor !== undefined || ids.recursiveAnchor === true;

/**
 * Thrown by a registry that guessed its root document holds no identifier, when the guess may have
 * decided something (see compile.ts): the compile starts again with the document scanned.
 */
export const SCAN_NEEDED: Readonly<{ reason: string }> = Object.freeze({ reason: "the document holds identifiers: scan it" });

/** Where a token leads from a schema object, as scan walks it: a schema, an array or map of them, or data (never walked). */
const SCHEMA = 0;
const SCHEMAS = 1;
const SCHEMA_MAP = 2;
const DATA = 3;
type Position = number;

function positionAfter(position: Position, node: unknown, token: string, value: unknown, rules: DialectRules): Position {
  if (position === SCHEMAS || position === SCHEMA_MAP) return SCHEMA;
  if (position === DATA || !isSchemaObject(node)) return DATA;
  const shape = subschemaShape(token, rules.keywords);
  if (shape === "schemas" || (shape === "schema" && Array.isArray(value))) return Array.isArray(value) ? SCHEMAS : DATA;
  if (shape === "schema") return SCHEMA;
  return shape === "schemaMap" && isSchemaObject(value) ? SCHEMA_MAP : DATA;
}

export class SchemaRegistry {
  private readonly resources = new Map<string, ResolvedRef>();
  private readonly resourceRoots = new Set<object>();
  private readonly anchors = new Map<string, ResolvedRef>();
  /** Dynamic anchors ($dynamicAnchor, and $recursiveAnchor as RECURSIVE_ANCHOR) by "base#name". */
  private readonly dynamicAnchors = new Map<string, ResolvedRef>();
  private readonly locations = new Map<object, Location>();
  /** The root document, left unscanned on the guess that it holds no identifier. */
  private readonly unscanned: object | undefined;

  constructor(
    root: unknown,
    rootRules: DialectRules,
    private readonly remotes: Readonly<Record<string, unknown>>,
    private readonly rulesOf: RulesOf,
    /** options.dialect was given: the root is read in `rootRules` whatever its `$schema` says. */
    rootDialectFixed = false,
    /**
     * The compile has met no identifier so far and guesses there is none: the root is not scanned,
     * every schema in it has base "" and the root's dialect, and whatever the guess cannot decide
     * alone (an anchor, another document, a dynamic reference, an identifier on a pointer's way, a
     * failure) throws SCAN_NEEDED instead of an answer.
     */
    guessUnscanned = false,
  ) {
    this.defaultRules = rootRules;
    if (guessUnscanned && isSchemaObject(root)) this.unscanned = root;
    this.addDocument(root, "", "#", rootRules, !rootDialectFixed);
  }

  /** Whether the root was left unscanned on the guess that it holds no identifier. */
  get guessed(): boolean {
    return this.unscanned !== undefined;
  }

  private readonly defaultRules: DialectRules;

  baseOf(schema: object): string {
    return this.locations.get(schema)?.base ?? "";
  }

  /** Whether `schema` starts a resource (a document, or an id): what the dynamic scope is made of. */
  isResourceRoot(schema: object): boolean {
    return this.resourceRoots.has(schema);
  }

  /** The schema carrying dynamic anchor `name` in the resource at `base`, if any. */
  dynamicAnchor(base: string, name: string): ResolvedRef | undefined {
    return this.dynamicAnchors.get(`${base}#${name}`);
  }

  /** Every resource that has dynamic anchor `name`, by base URI. */
  dynamicAnchorsNamed(name: string): [base: string, target: ResolvedRef][] {
    const suffix = `#${name}`;
    return [...this.dynamicAnchors].filter(([key]) => key.endsWith(suffix)).map(([key, target]) => [key.slice(0, -suffix.length), target]);
  }

  /** The schema `ref` (written in `from`, at `refPath`) points to. */
  resolve(ref: string, from: object, refPath: string): ResolvedRef {
    if (this.unscanned === undefined) return this.resolveScanned(ref, from, refPath);
    // Unscanned, only a pointer into the root document is decided alone: an id may name any other.
    let target: ResolvedRef;
    try {
      target = this.resolveScanned(ref, from, refPath);
    } catch {
      throw SCAN_NEEDED;
    }
    if (this.resources.size > 1) throw SCAN_NEEDED;
    return target;
  }

  private resolveScanned(ref: string, from: object, refPath: string): ResolvedRef {
    const [document, encodedFragment] = splitFragment(resolveUri(this.baseOf(from), ref));
    const resource = this.resource(document, refPath);
    const fragment = decodeFragment(encodedFragment, ref, refPath);
    if (fragment === "") return resource;
    const tokens = parsePointer(fragment);
    const target = tokens ? this.follow(resource, tokens, fragment) : this.anchors.get(`${document}#${fragment}`);
    if (target === undefined) throw new InvalidSchemaError(refKeyword(refPath), refPath, `cannot resolve "${ref}"`);
    return target;
  }

  private resource(document: string, refPath: string): ResolvedRef {
    const known = this.resources.get(document);
    if (known) return known;
    if (!hasOwn(this.remotes, document)) {
      throw new UnsupportedSchemaError(refKeyword(refPath), refPath, `remote document "${document}" was not provided in options.remotes`);
    }
    // A remote without `$schema` is read in the dialect of the schema being compiled.
    this.addDocument(this.remotes[document], document, `${document}#`, this.defaultRules);
    return this.resources.get(document)!;
  }

  private addDocument(document: unknown, uri: string, path: string, rules: DialectRules, maySwitch = true): void {
    const documentRules = isSchemaObject(document) && maySwitch ? switchedRules(document, rules, true, this.rulesOf, path) : rules;
    this.resources.set(uri, { schema: document, path, rules: documentRules });
    if (isSchemaObject(document)) this.resourceRoots.add(document);
    if (document !== this.unscanned) this.scan(document, uri, path, documentRules, !maySwitch);
  }

  private scan(schema: unknown, base: string, path: string, outer: DialectRules, fixed = false, depth = 0): void {
    if (!isSchemaObject(schema) || this.locations.has(schema)) return;
    if (depth > MAX_SCHEMA_DEPTH) throw schemaTooDeep(path);
    const rules = fixed ? outer : switchedRules(schema, outer, false, this.rulesOf, path);
    const ids = rules.identify(schema);
    if (ids.id !== undefined) {
      base = splitFragment(resolveUri(base, ids.id))[0];
      this.resources.set(base, { schema, path, rules });
      this.resourceRoots.add(schema);
    }
    if (ids.anchor !== undefined) this.anchors.set(`${base}#${ids.anchor}`, { schema, path, rules });
    if (ids.dynamicAnchor !== undefined) {
      this.anchors.set(`${base}#${ids.dynamicAnchor}`, { schema, path, rules });
      this.dynamicAnchors.set(`${base}#${ids.dynamicAnchor}`, { schema, path, rules });
    }
    if (ids.recursiveAnchor) this.dynamicAnchors.set(`${base}#${RECURSIVE_ANCHOR}`, { schema, path, rules });
    this.locations.set(schema, { base, path, rules });
    this.scanChildren(schema, base, path, rules, depth);
  }

  private scanChildren(schema: SchemaObject, base: string, path: string, rules: DialectRules, depth: number): void {
    for (const keyword of Object.keys(schema)) {
      const shape = subschemaShape(keyword, rules.keywords);
      if (shape === undefined) continue;
      const value = schema[keyword];
      const at = `${path}/${keyword}`;
      // A "schema" may be an array where the dialect allows it (draft 4-2019-09's tuple `items`).
      if (shape === "schemas" || (shape === "schema" && Array.isArray(value))) {
        if (Array.isArray(value)) value.forEach((item, i) => this.scan(item, base, `${at}/${i}`, rules, false, depth + 1));
      } else if (shape === "schema") this.scan(value, base, at, rules, false, depth + 1);
      else if (isSchemaObject(value)) for (const key of Object.keys(value)) this.scan(value[key], base, `${at}/${escapePointerToken(key)}`, rules, false, depth + 1);
    }
  }

  /** Walks a JSON Pointer from a resource; a node the scan never reached inherits the nearest known base and dialect. */
  private follow(resource: ResolvedRef, tokens: readonly string[], pointer: string): ResolvedRef | undefined {
    let node: unknown = resource.schema;
    let base = isSchemaObject(node) ? this.baseOf(node) : "";
    let rules = resource.rules;
    // In the unscanned root document, a schema the scan would have reached is known by its position.
    let position: Position = resource.schema === this.unscanned ? SCHEMA : DATA;
    for (const token of tokens) {
      if (typeof node !== "object" || node === null) return undefined;
      if (Array.isArray(node) && !/^(0|[1-9]\d*)$/.test(token)) return undefined;
      if (!hasOwn(node, token)) return undefined;
      const parent = node;
      node = (node as Record<string, unknown>)[token];
      position = positionAfter(position, parent, token, node, rules);
      // An identifier on the way would give the target another base (or dialect).
      if (position === SCHEMA && isSchemaObject(node) && hasIdentifier(rules.identify(node))) throw SCAN_NEEDED;
      const known = isSchemaObject(node) ? this.locations.get(node) : undefined;
      if (known) ({ base, rules } = known);
    }
    const known = isSchemaObject(node) ? this.locations.get(node) : undefined;
    if (known) return { schema: node, path: known.path, rules: known.rules };
    const path = resource.path + pointer;
    if (position === SCHEMA) return { schema: node, path, rules };
    // A schema outside every keyword (an OpenAPI document's components) is scanned on first use, so
    // the $refs inside it resolve against its base too.
    this.scan(node, base, path, rules);
    return { schema: node, path, rules };
  }
}
