// The profile decides: every feature use the mode's cell marks `rejected` is either reported with the
// provider's error (unsupported: "reject") or rewritten or removed and recorded (unsupported: "strip").
// Annotations a rejecting mode does not document are removed (they constrain nothing). Runs after the
// dialect's own rewrites, on what is left; uses the dialect introduced on purpose are skipped.
import { detectDocumentFeatures, detectFeatures, otherKeywordsOf } from "../../src/schema/detect-features.js";
import { featureInfo, isFeatureId } from "../../src/schema/features.js";
import type { FeatureUse } from "../../src/schema/types.js";
import { isSchemaObject, listSubschemas } from "../../src/schema/walk-schema.js";
import type { CellTreatment } from "./mode-reads.js";
import type { SchemaNode } from "./schema-node-kinds.js";
import type { TranslationDraft } from "./translation-draft.js";

/** Features whose removal only widens what the schema accepts (or, for annotations, changes nothing). */
const REMOVABLE = new Set([
  "patternProperties", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas",
  "unevaluatedProperties", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "unevaluatedItems",
  "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "enum", "const", "anyOf", "oneOf", "allOf", "not", "if-then-else",
  "additionalProperties:false", "additionalProperties:true", "additionalProperties:schema",
]);

/** Removals that change no answer: annotations, and `additionalProperties: true` (the default). */
const LOSSLESS = new Set(["description", "title", "default", "examples", "additionalProperties:true"]);

/**
 * Keywords outside the taxonomy that constrain no answer (identifiers, metadata, content hints, ordering
 * hints, as do `x-` vendor keywords): removing them loses nothing. Others (`dependencies`, `nullable`...)
 * may mean something to the validator the author had in mind, so their removal counts as lossy.
 */
const INERT_OTHER_KEYWORDS = new Set([
  "$schema", "$id", "$comment", "$anchor", "$dynamicAnchor", "$vocabulary", "deprecated", "readOnly", "writeOnly",
  "example", "propertyOrdering", "contentMediaType", "contentEncoding",
]);

export function isInertKeyword(keyword: string): boolean {
  return INERT_OTHER_KEYWORDS.has(keyword) || keyword.startsWith("x-");
}

/**
 * Not stripped here: `limit:*` are counted by `check`, not keywords; `type:any` is an absence, nothing
 * to remove (checkEverySchemaHasType reports it where the mode needs a type).
 */
const NOT_STRIPPED = (feature: string): boolean => feature.startsWith("limit:") || feature === "type:any";

const useKey = (use: FeatureUse): string => `${use.feature}\u0000${use.path}`;

export function stripUnsupportedFeatures(draft: TranslationDraft): void {
  if (draft.strips) rewriteRefusedKeywords(draft);
  const uses = remainingUses(draft);
  const changesBefore = draft.changes.length;
  const rejectedBefore = draft.rejected.length;
  // Deepest first, so removing a parent (`not`) never hides a use below it; then back to walk order.
  for (const use of uses.reverse()) handleUse(draft, use);
  reverseFrom(draft.changes, changesBefore);
  reverseFrom(draft.rejected, rejectedBefore);
}

/** Reverses a list's tail in place (no spread: a large schema can make more entries than a call takes arguments). */
function reverseFrom(list: unknown[], start: number): void {
  for (let low = start, high = list.length - 1; low < high; low++, high--) [list[low], list[high]] = [list[high], list[low]];
}

function remainingUses(draft: TranslationDraft): FeatureUse[] {
  const exempt = new Set(draft.dialectUses.map(useKey));
  // Every edit is recorded as a change: with none, the draft reads as the declared schema, whose uses
  // are detected once for all targets.
  const uses = draft.changes.length === 0 ? detectDocumentFeatures(draft.declared.schema) : detectFeatures(draft.schema);
  return uses.filter((use) => !NOT_STRIPPED(use.feature) && (exempt.size === 0 || !exempt.has(useKey(use))));
}

/**
 * oneOf → anyOf and const → enum where the mode refuses the first and takes the second (children
 * before parents, so renamed paths stay valid). Translators run it first, so every later path names
 * the renamed schema; stripUnsupportedFeatures runs it again (a no-op then).
 */
export function rewriteRefusedKeywords(draft: TranslationDraft): void {
  const oneOfRefused = draft.status("oneOf") === "rejected";
  const constRefused = draft.status("const") === "rejected";
  if (!oneOfRefused && !constRefused) return;
  // Whether the replacement is taken is read only when a schema needs it: modes that differ there
  // still translate a schema without oneOf (or const) alike.
  let oneOf: boolean | undefined;
  let constant: boolean | undefined;
  // Reversed walk order: descendants before their ancestors. Read as it stands; edits go to the copy.
  for (const { schema: node, path } of listSubschemas(draft.current).reverse()) {
    if (!isSchemaObject(node)) continue;
    if (oneOfRefused && "oneOf" in node && !("anyOf" in node) && (oneOf ??= draft.status("anyOf") === "enforced")) {
      renameKeyword(draft.editableAt(path) as SchemaNode, "oneOf", "anyOf");
      draft.change({ path, keyword: "oneOf", kind: "rewritten", reason: "oneOf sent as anyOf (the provider refuses oneOf): a value matching several branches is no longer refused", lossy: true, feature: "oneOf" });
    }
    if (constRefused && "const" in node && !("enum" in node) && (constant ??= draft.status("enum") === "enforced")) {
      const editable = draft.editableAt(path) as SchemaNode;
      editable.enum = [editable.const];
      delete editable.const;
      draft.change({ path, keyword: "const", kind: "rewritten", reason: "const sent as a one-value enum (the provider refuses const)", lossy: false, feature: "const" });
    }
  }
}

/** Whether a use can lead to a change or a rejection; most uses are of enforced features and need no look at the node. */
function needsHandling(draft: TranslationDraft, use: FeatureUse, status: CellTreatment): boolean {
  if (status === "rejected") return true;
  if (status !== "unknown" || !draft.strips || draft.mode.unsupportedKeywordPolicy !== "reject") return false;
  return use.feature === "keyword:other" || isAnnotation(use.feature);
}

function isAnnotation(feature: string): boolean {
  return isFeatureId(feature) && featureInfo(feature).category === "annotation";
}

function handleUse(draft: TranslationDraft, use: FeatureUse): void {
  // Only the treatment is read (not the whole cell): modes that differ in what they accept translate alike.
  const status = draft.treatment(use.feature);
  if (status === "absent" || !needsHandling(draft, use, status)) return;
  const node = draft.editableAt(use.path);
  if (!isSchemaObject(node)) return; // the place went with an earlier removal
  const annotation = isAnnotation(use.feature);
  if (use.feature === "keyword:other") {
    handleOtherKeywords(draft, node, use);
    return;
  }
  if (status === "rejected") {
    if (!draft.strips) draft.reject(use.feature, use.path, draft.featureError(use.feature, use.path));
    else if (REMOVABLE.has(use.feature) || LOSSLESS.has(use.feature) || use.feature.startsWith("format:")) {
      removeFeature(draft, node, use, "the provider refuses it; answers are no longer held to it");
    } else draft.reject(use.feature, use.path, draft.featureError(use.feature, use.path));
  } else if (status === "unknown" && annotation && draft.strips && draft.mode.unsupportedKeywordPolicy === "reject") {
    // Only where unknown keywords can fail the request: elsewhere annotations still help the model.
    removeFeature(draft, node, use, "not documented for this mode; an annotation constrains nothing");
  }
}

/**
 * Keywords outside the taxonomy, each named in its change or error: refused ones are removed (lossy only
 * where the keyword might mean something to a validator) or reported; undocumented ones are removed
 * where unknown keywords can fail the request, as undocumented annotations are.
 */
function handleOtherKeywords(draft: TranslationDraft, node: SchemaNode, use: FeatureUse): void {
  const status = draft.treatment(use.feature);
  const removes = draft.strips && (status === "rejected" || (status === "unknown" && draft.mode.unsupportedKeywordPolicy === "reject"));
  if (status === "rejected" && !draft.strips) {
    draft.reject(use.feature, use.path, draft.featureError(use.feature, use.path));
    return;
  }
  if (!removes) return;
  // Reversed: stripUnsupportedFeatures reverses this phase's changes, so they end up in key order.
  for (const keyword of otherKeywordsOf(node).reverse()) {
    delete node[keyword];
    const lossy = !isInertKeyword(keyword);
    const why = status === "rejected" ? "the provider refuses keywords outside its subset" : "not documented for this mode, where unknown keywords can fail the request";
    draft.change({ path: use.path, keyword, kind: "removed", reason: `${why}; ${lossy ? "answers are no longer held to it" : "it constrains no answer"}`, lossy, feature: use.feature });
  }
}

function removeFeature(draft: TranslationDraft, node: SchemaNode, use: FeatureUse, reason: string): void {
  const lossless = LOSSLESS.has(use.feature);
  for (const keyword of keywordsOf(use.feature)) {
    if (!(keyword in node)) continue;
    delete node[keyword];
    draft.change({ path: use.path, keyword, kind: "removed", reason: lossless && reason.startsWith("the provider") ? "the provider refuses it; it constrains no answer" : reason, lossy: !lossless, feature: use.feature });
  }
}

function keywordsOf(feature: string): readonly string[] {
  return isFeatureId(feature) ? featureInfo(feature).keywords : [];
}

/** Renames a keyword in place, keeping its position among the node's keys. */
function renameKeyword(node: SchemaNode, from: string, to: string): void {
  const entries = Object.entries(node);
  for (const key of Object.keys(node)) delete node[key];
  for (const [key, value] of entries) node[key === from ? to : key] = value;
}
