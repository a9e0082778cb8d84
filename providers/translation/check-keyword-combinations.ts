// The keyword-value and keyword-combination rules (keyword-combination-rules.ts) in translation: the
// provider's view reports each place with the mode's own error text; the adapter's view removes the
// keyword that cannot stay (lossy: answers are no longer held to it, so `check` asks for local validation).
import { listSubschemas } from "../../src/schema/walk-schema.js";
import { combinationViolation, hasCombinationRules, type CombinationViolation } from "./keyword-combination-rules.js";
import type { TranslationDraft } from "./translation-draft.js";

const REASONS: Readonly<Record<string, string>> = {
  maxMinItems: "the provider takes only small minItems values",
  repetitionBoundLimit: "the provider's grammar cannot repeat this many times",
  emptyEnumOrAnyOfRejected: "the provider refuses an empty enum, anyOf or oneOf",
  booleanPropertySchemasRejected: "the provider refuses a property whose schema is true or false",
  arrayFormItemsRejected: "the provider refuses items in its array (tuple) form",
  containsBoundsRejected: "the provider refuses minContains and maxContains",
  lengthBesidePatternOrFormatRejected: "the provider refuses lengths beside pattern or format",
  propertyNamesBesideObjectKeywordsRejected: "the provider refuses propertyNames beside other object keywords",
  patternPropertiesBesidePropertiesRejected: "the provider refuses patternProperties beside properties or with several patterns",
  propertyNamePattern: "a property name breaks the provider's naming rule",
};

export function checkKeywordCombinations(draft: TranslationDraft): void {
  const rules = draft.mode.rules;
  if (!hasCombinationRules(rules)) return;
  const places = listSubschemas(draft.current).map(({ path }) => path);
  for (const path of places) {
    let hit = combinationViolation(draft.nodeAt(path), rules);
    // Each pass settles one keyword: removing it may leave another rule broken at the same place.
    for (let guard = 0; hit !== null && guard < 8; guard += 1) {
      // A name cannot be dropped or renamed, nor a boolean property schema given a meaning the provider
      // takes, without changing the contract: always the provider's refusal.
      if (!draft.strips || hit.rule === "propertyNamePattern" || hit.rule === "booleanPropertySchemasRejected") {
        report(draft, path, hit);
        return;
      }
      const node = draft.editableAt(path) as Record<string, unknown>;
      delete node[hit.keyword];
      draft.change({ path, keyword: hit.keyword, kind: "removed", reason: `${REASONS[hit.rule]}; answers are no longer held to ${hit.keyword}`, lossy: true, feature: hit.feature });
      hit = combinationViolation(draft.nodeAt(path), rules);
    }
  }
}

function report(draft: TranslationDraft, path: string, hit: CombinationViolation): void {
  const value = (draft.nodeAt(path) as Record<string, unknown>)[hit.keyword];
  draft.reject(hit.feature, path, draft.ruleError(hit.rule, path, REASONS[hit.rule]!, { kw: hit.keyword, value: typeof value === "number" ? value : undefined }));
}
