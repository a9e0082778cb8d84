// Dialects: reading a declared schema's dialect, and any dialect as draft 2020-12.
export { readDeclaredDialect, describeUnknownDialect, type DialectReading } from "./declared-dialect.js";
export { toDraft2020, schemaAsDraft2020, RECURSIVE_ANCHOR, type DialectChange, type Draft2020Translation } from "./to-draft2020.js";
export { UNDEFINED_IN, refIgnoresSiblings, hasTupleItems, hasBooleanExclusiveBounds } from "./dialect-keywords.js";
export { unknownKeywordsOf, type UnknownKeyword } from "./unknown-keywords.js";
export { isKeywordOf } from "./dialect-keywords.js";
