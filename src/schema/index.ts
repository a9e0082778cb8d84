// src/schema: the feature taxonomy, schema walking, feature detection and catalog loading.
export * from "./types.js";
export * from "./features.js";
export * from "./json-pointer.js";
export * from "./walk-schema.js";
export { createLocalRefResolver, listRefs, type LocalRefResolver, type RefTarget } from "./resolve-ref.js";
export { detectFeatures, featureIdsOf, findRecursiveRefs, namesNoType, otherKeywordsOf, TYPING_KEYWORDS } from "./detect-features.js";
export { measureSchema, optionalPropertyNames, isTypeUnion, type SchemaMeasures } from "./measure-schema.js";
export { CatalogError, type CatalogErrorOptions } from "./catalog-error.js";
export { loadCatalogs, loadCatalogFile, listCatalogFiles, parseCatalog, parseCatalogJson } from "./load-catalog.js";
export { readCatalogWrapper, isCatalogWrapper, type CatalogWrapper, type RiskLevel } from "./catalog-wrapper.js";
export { versionFromSchema, versionFromId } from "./schema-version.js";
export * from "./dialects/index.js";
export { DIALECTS, DEFAULT_DIALECT, DIALECT_URIS, dialectOfSchemaUri, parseDialectName, isDialect, type Dialect } from "../lite/dialect.js";
export { componentSchemas, type ComponentSchema } from "./openapi-components.js";
export { loadCatalogSources, writeCatalogFiles, type CatalogSourceSpec, type LoadedSource } from "./sources/catalog-sources.js";
export { checkToolRules, formatToolRuleFinding, type ToolRuleFinding } from "./sources/tool-rules.js";
