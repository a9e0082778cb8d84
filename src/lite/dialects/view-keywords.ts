// The keywords a rewritten (normalized) schema object may hold: draft 2020-12's assertions and
// applicators, without the identifiers (the registry reads those from the schema as written).
import { KEYWORDS_BY_FAMILY, keywordTable, type KeywordsByFamily, type KeywordTable } from "../schema-keywords.js";

const { $schema: _schema, $id: _id, $anchor: _anchor, $dynamicAnchor: _dynamicAnchor, $vocabulary: _vocabulary, ...identifiers } = KEYWORDS_BY_FAMILY.identifier;
const { $dynamicRef: _dynamicRef, ...references } = KEYWORDS_BY_FAMILY.reference;

const VIEW_BY_FAMILY: KeywordsByFamily = { ...KEYWORDS_BY_FAMILY, identifier: identifiers, reference: references };

export const LEGACY_VIEW_KEYWORDS: KeywordTable = keywordTable(VIEW_BY_FAMILY);

/** Draft 2019-09's view also holds `$recursiveRef`, which its own compiler reads. */
export const DRAFT2019_VIEW_KEYWORDS: KeywordTable = keywordTable({ ...VIEW_BY_FAMILY, reference: { ...references, $recursiveRef: "string" } });
